import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatFigure, type ColourBy } from './host-map-colour';
import type { HostMapData } from './use-host-map-data';

/** The map as a table: the same groups and figures for screen readers and for reading exact values. */
export function HostMapTable({ data, colour, colourLabel, search }: { data: HostMapData; colour: ColourBy; colourLabel: string; search: string }) {
  return (
    <div className="max-h-[70vh] overflow-auto rounded border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm">
        <caption className="sr-only">Servers by group with their {colourLabel}</caption>
        <thead className="sticky top-0 bg-white dark:bg-slate-900">
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="px-2 py-1">Group</th>
            <th scope="col" className="px-2 py-1">Server</th>
            <th scope="col" className="px-2 py-1">{colourLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.groups.flatMap((g) =>
            g.ids.map((id) => (
              <tr key={`${g.label}-${id}`} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{g.label}</td>
                <td className="px-2 py-1">
                  <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.server(id), search }}>
                    {data.servers.get(id)?.name ?? id}
                  </Link>
                </td>
                <td className="px-2 py-1 tabular-nums">{formatFigure(colour, data.figure.get(id) ?? null)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
