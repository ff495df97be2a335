import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { traceQuery, type TraceQuery } from '../../../shared/transaction-data';
import { useTrace } from '../../api/traces';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { diffTraces } from './trace-diff';
import { TraceDiffSide } from './trace-diff-side';
import { TraceDiffTable } from './trace-diff-table';

/** A trace's query from one URL parameter holding its own search (`a=time%3D…%26sid%3D…`). */
function sideQuery(raw: string | null): TraceQuery | null {
  if (!raw) return null;
  const r = traceQuery.safeParse(Object.fromEntries(new URLSearchParams(raw)));
  return r.success ? r.data : null;
}

/** Two traces of the same transaction side by side (/trace/diff?a=&b=): each edge's call time in both, the difference, the changes marked. */
export default function TraceDiffPage() {
  const [params] = useSearchParams();
  const qa = sideQuery(params.get('a'));
  const qb = sideQuery(params.get('b'));
  const a = useTrace(qa);
  const b = useTrace(qb);
  const diff = useMemo(() => (a.data && b.data ? diffTraces(a.data, b.data) : null), [a.data, b.data]);
  if (!qa || !qb) return <ErrorBox error="a trace diff needs two traces: a= and b=, each a trace's time and start" />;
  const changed = diff?.edges.filter((e) => e.changed).length ?? 0;
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">
        Trace diff: {formatTime(Math.floor(qa.time))} against {formatTime(Math.floor(qb.time))} UTC
      </h1>
      {(a.isPending || b.isPending) && <Loading what="traces" />}
      {a.error && <ErrorBox error={a.error} />}
      {b.error && <ErrorBox error={b.error} />}
      {diff && a.data && b.data && (
        <>
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {changed === 0 ? 'No edge changed.' : `${changed} of ${diff.edges.length} edges changed`} (dashed amber; the slowest path of each trace in red).
          </p>
          <div className="grid gap-3 lg:grid-cols-2">
            <TraceDiffSide title={`A at ${formatTime(Math.floor(qa.time))}`} trace={a.data} changed={diff.changedA} />
            <TraceDiffSide title={`B at ${formatTime(Math.floor(qb.time))}`} trace={b.data} changed={diff.changedB} />
          </div>
          <Panel title="Edges">
            <TraceDiffTable edges={diff.edges} />
          </Panel>
        </>
      )}
    </div>
  );
}
