import { useState, type ReactNode } from 'react';
import { visibleRange } from './virtual-rows';

/**
 * A list that renders only the rows in view, so 5,000 servers scroll like 50. Rows have a fixed
 * height; the list is a scrollable ARIA table body whose rows carry their position for screen readers.
 */
export function VirtualList<T>({ items, rowHeight, height, label, renderRow }: { items: readonly T[]; rowHeight: number; height: number; label: string; renderRow: (item: T, index: number) => ReactNode }) {
  const [top, setTop] = useState(0);
  const { start, end } = visibleRange(top, height, rowHeight, items.length);
  return (
    <div role="rowgroup" aria-label={label} tabIndex={0} className="overflow-auto" style={{ height }} onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        <div style={{ position: 'absolute', top: start * rowHeight, left: 0, right: 0 }}>
          {items.slice(start, end).map((item, i) => (
            <div key={start + i} role="row" aria-rowindex={start + i + 2} style={{ height: rowHeight }}>
              {renderRow(item, start + i)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
