import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { Alert } from '../../../shared/alerts';
import { paths } from '../../app/paths';
import { RowMenu } from '../../components/ui/row-menu';
import { formatTime } from '../../lib/format';
import type { AlertRow } from './alert-rows';

// Phone: name and state on the first line, type, server and trigger below; from md up, one column each.
const GRID = 'grid grid-cols-[1fr_auto_auto] gap-x-3 gap-y-0.5 px-3 md:grid-cols-[minmax(10rem,2fr)_7rem_minmax(7rem,1fr)_minmax(10rem,2fr)_7rem_9rem_2.5rem] md:items-center';
const HEADERS = ['Name', 'Type', 'Server', 'Trigger', 'State', 'Last triggered'];

/** What a row's menu can do to its alert; without `setActive` and `remove` (a read-only role) it only opens it. */
export interface RowActions {
  edit: (a: Alert) => void;
  setActive?: (a: Alert, active: boolean) => void;
  remove?: (a: Alert) => void;
}

/** The menu entries of a row: Edit, (De)activate and Delete for a writer; View alone for a reader. */
export function rowMenu(a: Alert, actions: RowActions) {
  const { setActive, remove } = actions;
  if (!setActive || !remove) return [{ label: 'View', onSelect: () => actions.edit(a) }];
  return [
    { label: 'Edit', onSelect: () => actions.edit(a) },
    { label: a.active ? 'Deactivate' : 'Activate', onSelect: () => setActive(a, !a.active) },
    { label: 'Delete…', danger: true, onSelect: () => remove(a) },
  ];
}

function State({ a }: { a: Alert }) {
  if (a.in_incident) return <span className="rounded bg-red-100 px-1.5 text-red-800 dark:bg-red-900 dark:text-red-100">In incident</span>;
  return <span className={a.active ? '' : 'text-slate-600 dark:text-slate-400'}>{a.active ? 'Active' : 'Inactive'}</span>;
}

/**
 * The alerts as an ARIA table whose body renders only the rows in view (2,000 alerts draw like 20);
 * each row's actions are in its menu.
 */
export function AlertsTable({ rows, serverName, actions }: { rows: readonly AlertRow[]; serverName: (id: number | null) => string; actions: RowActions }) {
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 44, overscan: 10, getItemKey: (i) => rows[i]!.alert.id });
  return (
    <div role="table" aria-label="Alerts" aria-rowcount={rows.length + 1} className="rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={`${GRID} border-b border-slate-200 py-2 text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400`}>
          {HEADERS.map((h, i) => (
            <span key={h} role="columnheader" className={i === 0 || i === 4 ? '' : 'hidden md:block'}>
              {h}
            </span>
          ))}
          <span role="columnheader">
            <span className="sr-only">Actions</span>
          </span>
        </div>
      </div>
      <div ref={scroller} role="rowgroup" aria-label="Alert rows" tabIndex={0} className="max-h-[calc(100vh-16rem)] min-h-40 overflow-auto">
        <div style={{ height: v.getTotalSize(), position: 'relative' }}>
          {v.getVirtualItems().map((item) => {
            const { alert: a, serverId } = rows[item.index]!;
            return (
              <div
                key={item.key}
                ref={v.measureElement}
                data-index={item.index}
                role="row"
                aria-rowindex={item.index + 2}
                className={`${GRID} absolute inset-x-0 top-0 border-b border-slate-100 py-2 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <span role="cell" className="min-w-0 truncate">
                  <Link className="text-teal-800 underline dark:text-teal-300" to={paths.alert(a.id)}>
                    {a.name}
                  </Link>
                </span>
                <span role="cell" className="col-start-1 row-start-2 text-xs text-slate-600 md:col-start-auto md:row-start-auto md:text-sm md:text-inherit dark:text-slate-400 md:dark:text-inherit">
                  {a.type}
                  <span className="md:hidden"> · {serverName(serverId)}</span>
                </span>
                <span role="cell" className="hidden truncate md:block">
                  {serverName(serverId)}
                </span>
                <span role="cell" className="col-start-1 row-start-3 min-w-0 truncate text-xs text-slate-600 md:col-start-auto md:row-start-auto md:text-sm md:text-inherit dark:text-slate-400 md:dark:text-inherit" title={`${a.target}: ${a.trigger}`}>
                  {a.trigger}
                </span>
                <span role="cell" className="col-start-2 row-start-1 md:col-start-auto md:row-start-auto">
                  <State a={a} />
                </span>
                <span role="cell" className="hidden md:block">
                  {a.last_triggered ? formatTime(a.last_triggered) : '–'}
                </span>
                <span role="cell" className="col-start-3 row-start-1 text-right md:col-start-auto md:row-start-auto">
                  <RowMenu
                    label={`Actions for alert ${a.name}`}
                    actions={rowMenu(a, actions)}
                  />
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
