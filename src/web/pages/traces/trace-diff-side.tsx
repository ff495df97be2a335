import { useMemo } from 'react';
import type { TraceResponse } from '../../../shared/transaction-data';
import { CyGraph } from '../../components/graph/cy-graph';
import { traceLayout } from '../../components/graph/graph-layouts';
import { traceStyle } from '../../components/graph/graph-style';
import { useDarkMode } from '../../components/charts/palette';
import { traceToElements } from './to-elements';

/** One trace of a diff as its graph, the edges that changed against the other trace marked `changed`. */
export function TraceDiffSide({ title, trace, changed }: { title: string; trace: TraceResponse; changed: ReadonlySet<number> }) {
  const dark = useDarkMode();
  const style = useMemo(() => traceStyle(dark), [dark]);
  const elements = useMemo(
    () => traceToElements(trace).map((e) => (e.group === 'edges' && changed.has(Number(String(e.data.id).slice(1))) ? { ...e, classes: `${e.classes ?? ''} changed`.trim() } : e)),
    [trace, changed],
  );
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border border-slate-200 p-2 dark:border-slate-800">
      <h2 className="text-sm font-semibold">{title}</h2>
      <CyGraph label={`${title}: ${trace.processes.length} processes, ${trace.transactions.length} transactions, ${changed.size} on changed edges`} elements={elements} stylesheet={style} layout={traceLayout} className="h-[24rem]" />
    </section>
  );
}
