import { Link, useSearchParams } from 'react-router';
import { REGISTRY, type RegistryKey } from '../../app/registry';
import { inputClass } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';

/** The generic list screen of a registry entry, with a text filter kept in the URL (`q`). */
export default function ResourceListPage({ resource }: { resource: RegistryKey }) {
  const e = REGISTRY[resource];
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { data, error, isPending } = e.useList();
  const needle = q.toLowerCase();
  const rows = (data ?? []).filter((r) => !needle || e.columns.some((c) => c.text?.(r).toLowerCase().includes(needle)));
  const Aside = e.aside;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">{e.title}</h1>
        <label className="ml-auto text-xs">
          Filter
          <input
            data-filter
            className={`${inputClass} w-64`}
            value={q}
            placeholder="Type to filter"
            onChange={(ev) => setParams((p) => (ev.target.value ? p.set('q', ev.target.value) : p.delete('q'), p), { replace: true })}
          />
        </label>
      </div>
      {Aside && <Aside />}
      {isPending && <Loading what={e.title.toLowerCase()} />}
      {error && <ErrorBox error={error} />}
      {data && rows.length === 0 && <Empty>Nothing to show{q ? ` for "${q}"` : ''}.</Empty>}
      {rows.length > 0 && (
        <table className="w-full border-collapse overflow-hidden rounded-lg bg-white text-sm dark:bg-slate-900">
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {e.columns.map((c) => (
                <th key={c.header} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={e.rowKey(r)} className="border-b border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50">
                {e.columns.map((c, i) => (
                  <td key={c.header} className="px-3 py-1.5">
                    {i === 0 && e.rowLink ? (
                      <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: e.rowLink(r), search: rangeOnly(params) }}>
                        {c.cell(r)}
                      </Link>
                    ) : (
                      c.cell(r)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function rangeOnly(p: URLSearchParams): string {
  const out = new URLSearchParams(p);
  out.delete('q');
  return out.toString();
}
