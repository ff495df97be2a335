import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table body that flows with the page (no scroll box of its own) yet renders only the rows in view
 * of the window, so 5,000 servers scroll like 50 and nothing hides below an inner fold. Rows have a
 * fixed height and carry their position for screen readers.
 */
export function WindowList<T>({ items, rowHeight, label, renderRow, rowKey }: { items: readonly T[]; rowHeight: number; label: string; renderRow: (item: T, index: number) => ReactNode; rowKey: (item: T) => string | number }) {
  const body = useRef<HTMLDivElement>(null);
  // Where the list starts in the document: the virtualizer measures the window's scroll from there.
  const [margin, setMargin] = useState(0);
  // After every render on purpose: anything above the list may have grown; the 1 px guard ends the loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = body.current ? body.current.getBoundingClientRect().top + globalThis.scrollY : 0;
    if (Math.abs(top - margin) > 1) setMargin(top);
  });
  const v = useWindowVirtualizer({ count: items.length, estimateSize: () => rowHeight, overscan: 10, scrollMargin: margin, getItemKey: (i) => rowKey(items[i]!) });
  return (
    <div ref={body} role="rowgroup" aria-label={label}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="row"
            aria-rowindex={row.index + 2}
            className="absolute inset-x-0 top-0"
            style={{ height: rowHeight, transform: `translateY(${row.start - margin}px)` }}
          >
            {renderRow(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
