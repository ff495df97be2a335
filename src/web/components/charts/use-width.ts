import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The pixel width of an element, kept current with a ResizeObserver; null until measured. The first
 * measure runs in a layout effect, before paint, so a chart is drawn once at its real width rather
 * than once at a guess and again (every Recharts item re-registered) when the guess was wrong.
 * `fallback` stands in where layout gives no width (an element not laid out, jsdom).
 */
export function useWidth<T extends HTMLElement>(fallback = 600) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || fallback);
    const ro = new ResizeObserver(([e]) => e && e.contentRect.width > 0 && setWidth(Math.round(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}
