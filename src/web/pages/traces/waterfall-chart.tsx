import { useState, type KeyboardEvent } from 'react';
import { formatDuration } from '../../components/charts/units';
import type { Waterfall, WaterfallRow } from './to-waterfall';

const pct = (x: number, span: number) => `${Math.min(100, Math.max(0, (x / span) * 100))}%`;

/** Up and Down move between the bars (Tab does too): a long trace stays quick to read by keyboard. */
function moveFocus(e: KeyboardEvent<HTMLButtonElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const bars = [...(e.currentTarget.closest('tbody')?.querySelectorAll<HTMLButtonElement>('button[data-bar]') ?? [])];
  const next = bars[bars.indexOf(e.currentTarget) + (e.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

function Bar({ row, span, active, onActive }: { row: WaterfallRow; span: number; active: boolean; onActive: (on: boolean) => void }) {
  const label = `${row.client} → ${row.server}: ${row.details.join('; ')}`;
  const timed = row.offset !== null && row.duration !== null;
  const right = timed && (row.offset! + row.duration! / 2) / span > 0.5;
  const tip = `wf-tip-${row.id}`;
  // Escape hides the numbers without moving focus (a tooltip must be dismissable, WCAG 1.4.13).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => (e.key === 'Escape' ? onActive(false) : moveFocus(e));
  const events = { onMouseEnter: () => onActive(true), onMouseLeave: () => onActive(false), onFocus: () => onActive(true), onBlur: () => onActive(false), onKeyDown };
  return (
    <div className="relative h-5">
      {timed ? (
        <button
          type="button"
          data-bar
          aria-label={label}
          aria-describedby={active ? tip : undefined}
          className={`absolute top-0.5 h-4 min-w-[3px] rounded-sm focus:outline-2 focus:outline-offset-1 focus:outline-slate-900 dark:focus:outline-white ${row.slow ? 'bg-red-600 dark:bg-red-500' : 'bg-teal-600 dark:bg-teal-400'}`}
          style={{ left: pct(row.offset!, span), width: pct(row.duration!, span) }}
          {...events}
        />
      ) : (
        <button type="button" data-bar aria-label={label} aria-describedby={active ? tip : undefined} className="absolute top-0 left-0 rounded border border-dashed border-slate-400 px-1 text-[11px] text-slate-600 dark:text-slate-300" {...events}>
          not logged · avg {formatDuration(row.average)}
        </button>
      )}
      {active && (
        <div
          id={tip}
          role="tooltip"
          className="absolute top-5 z-10 w-72 rounded border border-slate-300 bg-white p-2 text-xs shadow-lg dark:border-slate-600 dark:bg-slate-800"
          style={timed ? (right ? { right: pct(span - row.offset! - row.duration!, span) } : { left: pct(row.offset!, span) }) : { left: 0 }}
        >
          <p className="font-medium">
            {row.client} → {row.server}
          </p>
          <ul className="mt-1 space-y-0.5">
            {row.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The trace's calls on one time axis: a row per call (caller → called), nested under the call that
 * encloses it, a bar from its start for its logged duration; hovering or focusing a bar shows its numbers.
 */
export function WaterfallChart({ waterfall }: { waterfall: Waterfall }) {
  const [active, setActive] = useState<number | null>(null);
  const { rows, span, ticks } = waterfall;
  const step = ticks[1]?.at ?? span;
  // Grid lines at the ticks, drawn by the track's background rather than one element per tick per row.
  const grid = { backgroundImage: 'linear-gradient(to right, rgb(148 163 184 / 0.35) 1px, transparent 1px)', backgroundSize: `${(step / span) * 100}% 100%` };
  return (
    <div className="max-h-[36rem] overflow-auto pb-24">
      <table className="w-full table-fixed border-collapse text-xs">
        <caption className="sr-only">Waterfall of the trace's calls on a time axis</caption>
        <thead className="sticky top-0 z-20 bg-white dark:bg-slate-900">
          <tr className="text-left text-slate-600 dark:text-slate-400">
            <th scope="col" className="w-2/5 py-1 pr-2 font-medium">Call</th>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Time from the trace's start</span>
              <div aria-hidden className="relative h-4">
                {ticks.map((t) => (
                  <span key={t.at} className="absolute -translate-x-1/2 whitespace-nowrap first:translate-x-0" style={{ left: pct(t.at, span) }}>
                    {t.label}
                  </span>
                ))}
              </div>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={`border-t border-slate-100 dark:border-slate-800 ${r.isStart ? 'bg-teal-50 dark:bg-teal-950/40' : ''}`}>
              <th scope="row" className="truncate py-0.5 pr-2 text-left font-normal" style={{ paddingLeft: `${r.depth * 0.75}rem` }} title={`${r.client} → ${r.server}`}>
                {r.client} → {r.server}
              </th>
              <td className="py-0.5" style={grid}>
                <Bar row={r} span={span} active={active === r.id} onActive={(on) => setActive((a) => (on ? r.id : a === r.id ? null : a))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
