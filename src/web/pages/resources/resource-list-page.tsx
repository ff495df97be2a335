import { useSearchParams } from 'react-router';
import { REGISTRY, type RegistryKey } from '../../app/registry';
import { DataTable } from '../../components/ui/data-table';
import { ListFilter, useUrlFilter } from '../../components/ui/list-filter';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { filterRows } from '../../lib/filter-rows';

/** The generic list screen of a registry entry, with a text filter kept in the URL (`q`). */
export default function ResourceListPage({ resource }: { resource: RegistryKey }) {
  const e = REGISTRY[resource];
  const [params] = useSearchParams();
  const [q, setQ] = useUrlFilter();
  const { data, error, isPending } = e.useList();
  const rows = filterRows(data ?? [], e.columns, q, undefined);
  const Aside = e.aside;
  const rowLink = e.rowLink;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">{e.title}</h1>
        <ListFilter value={q} onChange={setQ} />
      </div>
      {Aside && <Aside />}
      {isPending && <Loading what={e.title.toLowerCase()} />}
      {error && <ErrorBox error={error} />}
      {data && rows.length === 0 && <Empty>Nothing to show{q ? ` for "${q}"` : ''}.</Empty>}
      {rows.length > 0 && (
        <DataTable
          caption={e.title}
          columns={e.columns}
          rows={rows}
          rowKey={e.rowKey}
          ctx={undefined}
          rowLink={rowLink && ((r) => ({ pathname: rowLink(r), search: rangeOnly(params) }))}
        />
      )}
    </div>
  );
}

/** The page's query without its filter: a row's link keeps the time range only. */
function rangeOnly(p: URLSearchParams): string {
  const out = new URLSearchParams(p);
  out.delete('q');
  return out.toString();
}
