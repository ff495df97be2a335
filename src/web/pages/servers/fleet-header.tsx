import type { FleetSort, SortKey } from './fleet-sort';

// A phone shows the server, its status and its fullest figure; from md up every column.
export const FLEET_COLUMNS =
  'grid grid-cols-[minmax(0,1fr)_5rem_7.5rem] md:grid-cols-[minmax(10rem,2fr)_6rem_5rem_minmax(6rem,1fr)_minmax(6rem,1fr)_minmax(6rem,1fr)_6rem] items-center gap-2 px-3';
/** Cells only wide screens show. */
export const WIDE_ONLY = 'hidden md:block';

const COLUMNS: { label: string; sort?: SortKey; className?: string }[] = [
  { label: 'Server', sort: 'name' },
  { label: 'Status' },
  { label: 'OS', className: WIDE_ONLY },
  { label: 'CPU', sort: 'cpu', className: WIDE_ONLY },
  { label: 'Memory', sort: 'memory', className: WIDE_ONLY },
  { label: 'Disk', sort: 'disk', className: WIDE_ONLY },
  { label: 'Incidents', sort: 'incidents', className: WIDE_ONLY },
  { label: 'Fullest', className: 'md:hidden' },
];

/** The overview's header row; sortable columns are buttons and announce their order with aria-sort. */
export function FleetHeader({ sort, onSort }: { sort: FleetSort; onSort: (key: SortKey) => void }) {
  return (
    <div role="row" aria-rowindex={1} className={`${FLEET_COLUMNS} border-b border-slate-200 py-1 text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400`}>
      {COLUMNS.map((c) => {
        const active = c.sort !== undefined && c.sort === sort.key;
        const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : c.sort ? 'none' : undefined;
        return (
          <span key={c.label} role="columnheader" aria-sort={ariaSort} className={c.className}>
            {c.sort ? (
              <button
                type="button"
                onClick={() => onSort(c.sort!)}
                className={`-mx-1 rounded px-1 py-1 hover:bg-slate-100 dark:hover:bg-slate-800 ${active ? 'text-slate-900 dark:text-slate-100' : ''}`}
                title={`Sort by ${c.label.toLowerCase()}`}
              >
                {c.label}
                <span aria-hidden className="ml-1 inline-block w-2">{active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}</span>
              </button>
            ) : (
              c.label
            )}
          </span>
        );
      })}
    </div>
  );
}
