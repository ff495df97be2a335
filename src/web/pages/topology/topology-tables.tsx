import { Link } from 'react-router';
import { paths } from '../../app/paths';
import type { topologyTables } from './to-elements';

type Tables = ReturnType<typeof topologyTables>;
const th = 'border-b border-slate-200 px-2 py-1 text-left text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400';
const td = 'px-2 py-1';
const link = 'text-teal-800 underline dark:text-teal-300';

/**
 * The keyboard path through the graph: one row per process group; "Show" selects and centres it in
 * the graph, the name opens its application (Enter on either, as on any button or link).
 */
export function GroupsTable({ groups, selected, onShow, search }: { groups: Tables['groups']; selected: number | null; onShow: (id: number) => void; search: string }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Process groups</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>Process group</th>
          <th scope="col" className={th}>Talks to</th>
          <th scope="col" className={th}>
            <span className="sr-only">In the graph</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.id} className={selected === g.id ? 'bg-amber-50 dark:bg-amber-950' : ''}>
            <td className={td}>
              <Link className={link} to={{ pathname: paths.application(g.id), search }}>
                {g.name}
              </Link>
            </td>
            <td className={td}>{g.links === 0 ? 'none' : `${g.links} group${g.links === 1 ? '' : 's'}`}</td>
            <td className={td}>
              <button type="button" className="rounded px-2 text-xs underline hover:bg-slate-100 dark:hover:bg-slate-800" aria-pressed={selected === g.id} onClick={() => onShow(g.id)}>
                Show {g.name} in the graph
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The connections as text: client group, server group and how many sockets paired. */
export function ConnectionsTable({ connections }: { connections: Tables['connections'] }) {
  if (connections.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No connections between these groups in the range.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Connections between process groups</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>Client</th>
          <th scope="col" className={th}>Server</th>
          <th scope="col" className={`${th} text-right`}>Sockets</th>
        </tr>
      </thead>
      <tbody>
        {connections.map((c) => (
          <tr key={c.key} className="border-t border-slate-100 dark:border-slate-800">
            <td className={td}>{c.client}</td>
            <td className={td}>{c.server}</td>
            <td className={`${td} text-right tabular-nums`}>{c.sockets}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
