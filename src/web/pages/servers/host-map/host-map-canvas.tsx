import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useWidth } from '../../../components/charts/use-width';
import { buildIndex, hitTest, layoutMap, neighbour, type MapGroup } from './host-map-layout';

const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'] as const;
type Arrow = (typeof KEYS)[number];

/**
 * The map on a canvas: one fillRect per server (no DOM per cell), hit-testing through a bucket grid,
 * hover and keyboard focus drawn on an overlay canvas so the cells are not redrawn on a pointer move.
 * Arrows move the focus, Enter or Space (and a click) open the server. `data-render-ms` on the canvas
 * is the time of the last layout and draw (read by `npm run bench:web`).
 */
export function HostMapCanvas({
  groups,
  spans,
  colourOf,
  describe,
  onOpen,
  label,
}: {
  groups: readonly MapGroup[];
  spans: ReadonlyMap<number, number>;
  colourOf: (id: number) => string;
  /** What a cell is, for the tooltip and the live region. */
  describe: (id: number, group: string) => string;
  onOpen: (id: number) => void;
  label: string;
}) {
  const [wrap, measured] = useWidth<HTMLDivElement>(900);
  const width = measured ?? 900;
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const built = useMemo(() => {
    // The layout's own time is measured for the draw-time figure (bench/web/host-map-timing.ts).
    /* eslint-disable react-hooks/purity -- a duration, not a value the render depends on */
    const t0 = performance.now();
    const layout = layoutMap(groups, spans, width);
    return { layout, index: buildIndex(layout), ms: performance.now() - t0 };
    /* eslint-enable react-hooks/purity */
  }, [groups, spans, width]);
  const { layout, index } = built;
  const [hover, setHover] = useState(-1);
  const [focus, setFocus] = useState(-1);

  useEffect(() => {
    const t0 = performance.now();
    const c = base.current;
    const ctx = c && sized(c, layout.width, layout.height);
    if (!c || !ctx) return;
    const text = getComputedStyle(c).color;
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = text;
    for (const h of layout.headers) ctx.fillText(`${h.label} (${h.count})`, 0, h.y + 14);
    for (const cell of layout.cells) {
      ctx.fillStyle = colourOf(cell.id);
      ctx.fillRect(cell.x, cell.y, cell.size, cell.size);
    }
    const ms = built.ms + performance.now() - t0;
    c.dataset.renderMs = ms.toFixed(1);
    c.dataset.cells = String(layout.cells.length);
  }, [layout, built.ms, colourOf]);

  useEffect(() => {
    const c = overlay.current;
    const ctx = c && sized(c, layout.width, layout.height);
    if (!c || !ctx) return;
    ctx.strokeStyle = getComputedStyle(c).color;
    ctx.lineWidth = 2;
    for (const i of [hover, focus]) {
      const cell = layout.cells[i];
      if (cell) ctx.strokeRect(cell.x - 1, cell.y - 1, cell.size + 2, cell.size + 2);
    }
  }, [layout, hover, focus]);

  const at = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return hitTest(index, e.clientX - r.left, e.clientY - r.top);
  };
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const n = layout.cells.length;
    if (n === 0) return;
    const from = focus >= 0 && focus < n ? focus : 0;
    let next = from;
    if ((KEYS as readonly string[]).includes(e.key)) next = focus < 0 ? 0 : neighbour(layout.cells, from, e.key as Arrow);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (e.key === 'Enter' || e.key === ' ') return e.preventDefault(), onOpen(layout.cells[from]!.id);
    else return;
    e.preventDefault();
    setFocus(next);
  };
  const shown = hover >= 0 ? hover : focus;
  const cell = layout.cells[shown];
  const tip = cell ? describe(cell.id, groups[cell.group]?.label ?? '') : '';
  const focused = layout.cells[focus];

  return (
    <div ref={wrap} className="relative w-full">
      <canvas
        ref={base}
        // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- one keyboard-driven widget: role=application passes the arrow keys through to it
        role="application"
        aria-roledescription="host map"
        aria-label={label}
        tabIndex={0}
        className="block text-slate-800 outline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-slate-200"
        style={{ width: layout.width, height: layout.height, cursor: hover >= 0 ? 'pointer' : 'default' }}
        onPointerMove={(e) => {
          const i = at(e);
          if (i !== hover) setHover(i);
        }}
        onPointerLeave={() => setHover(-1)}
        onClick={(e) => {
          const i = at(e);
          if (i >= 0) onOpen(layout.cells[i]!.id);
        }}
        onKeyDown={onKey}
        onBlur={() => setFocus(-1)}
      />
      <canvas ref={overlay} aria-hidden className="pointer-events-none absolute top-0 left-0 text-slate-950 dark:text-white" style={{ width: layout.width, height: layout.height }} />
      {cell && (
        <div role="tooltip" className="pointer-events-none absolute z-10 rounded bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow dark:bg-slate-100 dark:text-slate-900" style={{ left: Math.min(cell.x + cell.size + 4, Math.max(0, layout.width - 220)), top: cell.y + cell.size + 4 }}>
          {tip}
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {focused ? describe(focused.id, groups[focused.group]?.label ?? '') : ''}
      </p>
    </div>
  );
}

/**
 * Sizes a canvas to CSS pixels times the device pixel ratio (only when that changed: resizing
 * reallocates the bitmap) and answers its cleared 2D context.
 */
function sized(c: HTMLCanvasElement, w: number, h: number): CanvasRenderingContext2D | null {
  const dpr = globalThis.devicePixelRatio || 1;
  if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
    c.width = Math.round(w * dpr);
    c.height = Math.round(h * dpr);
  }
  const ctx = c.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx?.clearRect(0, 0, w, h);
  return ctx;
}
