import type { Series } from './chart-body';
import { seriesColor } from './palette';

/** The series of a chart as toggles: a click shows that series alone, a second click shows all again. */
export function ChartLegend({ title, series, hidden, dark, onClick }: { title: string; series: Series[]; hidden: ReadonlySet<string>; dark: boolean; onClick: (key: string) => void }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs" aria-label={`${title} legend`}>
      {series.map((s, i) => (
        <li key={s.key}>
          <button
            type="button"
            aria-pressed={!hidden.has(s.key)}
            title="Show this series alone; click again to show all"
            className={`flex items-center gap-1 rounded px-1 hover:bg-slate-100 dark:hover:bg-slate-800 ${hidden.has(s.key) ? 'text-slate-600 line-through dark:text-slate-400' : ''}`}
            onClick={() => onClick(s.key)}
          >
            <span aria-hidden className="inline-block h-2 w-3 rounded-sm" style={{ background: seriesColor(s.colorIndex ?? i, dark, s.color) }} />
            {s.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
