import { useState, type RefObject } from 'react';
import type { Series } from './chart-body';
import { chartCsv, chartFileName, saveBlob, svgToPng } from './chart-export';
import type { ChartRow } from './downsample';
import type { PreviousPeriod } from './previous-period';

/** The previous-period switch of a chart: its period and how to change it (the page keeps it in the URL). */
export interface OverlayControl {
  period: PreviousPeriod | null;
  onChange: (p: PreviousPeriod | null) => void;
}

const button = 'rounded border border-slate-300 px-1.5 py-0.5 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';

/** A chart's tools: compare with the day or week before, download its rows as CSV or its picture as PNG. */
export function ChartToolbar({ title, figure, rows, series, overlay, dark }: { title: string; figure: RefObject<HTMLElement | null>; rows: readonly ChartRow[]; series: Series[]; overlay?: OverlayControl; dark: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const png = async () => {
    const svg = figure.current?.querySelector<SVGSVGElement>('svg.recharts-surface');
    if (!svg) {
      setError('the chart is not drawn yet');
      return;
    }
    try {
      setError(null);
      saveBlob(await svgToPng(svg, dark ? '#0f172a' : '#ffffff'), chartFileName(title, 'png'));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'the PNG could not be made');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs">
      {overlay && (
        <select
          aria-label={`${title}: compare with`}
          className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
          value={overlay.period ?? ''}
          onChange={(e) => overlay.onChange(e.target.value === 'day' || e.target.value === 'week' ? e.target.value : null)}
        >
          <option value="">No comparison</option>
          <option value="day">Day before</option>
          <option value="week">Week before</option>
        </select>
      )}
      <button type="button" className={button} aria-label={`${title}: download CSV`} onClick={() => saveBlob(new Blob([chartCsv(rows, series)], { type: 'text/csv;charset=utf-8' }), chartFileName(title, 'csv'))}>
        CSV
      </button>
      <button type="button" className={button} aria-label={`${title}: download PNG`} onClick={() => void png()}>
        PNG
      </button>
      {error && <span role="alert" className="text-red-700 dark:text-red-400">{error}</span>}
    </div>
  );
}
