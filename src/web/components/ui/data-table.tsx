import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';

/**
 * A column of a list: its header, its cell, and the text the list filter searches. `C` is what the
 * cells need besides the row (e.g. server names by id); plain lists leave it out.
 */
export interface Column<T, C = void> {
  header: string;
  cell: (row: T, ctx: C) => ReactNode;
  text?: (row: T, ctx: C) => string;
  /** Classes of the column's cells (e.g. `font-medium` for the name). */
  className?: string;
}

/** A table of rows by columns; the first cell links to `rowLink`, and `actions` fill a last column. */
export function DataTable<T, C>({
  caption,
  columns,
  rows,
  rowKey,
  ctx,
  rowLink,
  actions,
}: {
  caption: string;
  columns: readonly Column<T, C>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  ctx: C;
  rowLink?: (row: T) => To;
  actions?: (row: T) => ReactNode;
}) {
  return (
    <table className="w-full border-collapse overflow-hidden rounded-lg bg-white text-sm dark:bg-slate-900">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          {columns.map((c) => (
            <th key={c.header} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
              {c.header}
            </th>
          ))}
          {actions && (
            <th scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} className="border-b border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50">
            {columns.map((c, i) => (
              <td key={c.header} className={`px-3 py-1.5 ${c.className ?? ''}`}>
                {i === 0 && rowLink ? (
                  <Link className="text-teal-800 underline dark:text-teal-300" to={rowLink(r)}>
                    {c.cell(r, ctx)}
                  </Link>
                ) : (
                  c.cell(r, ctx)
                )}
              </td>
            ))}
            {actions && <td className="space-x-1 px-3 py-1.5 text-right whitespace-nowrap">{actions(r)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
