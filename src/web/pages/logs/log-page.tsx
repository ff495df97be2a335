import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useLog, useLogData, useLogMessages } from '../../api/logs';
import { useTimeView } from '../../app/use-time-view';
import TimeChart from '../../components/charts/time-chart';
import { scalarRows } from '../../components/charts/record-series';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { messageSpan, messageWindow } from './message-window';

const SEVERITIES = [
  { key: 'critical', label: 'Critical' },
  { key: 'warning', label: 'Warning' },
  { key: 'info', label: 'Info' },
];

/** One log: per-minute severity counts, the messages of a minute or range, a regex filter and a live tail. */
export default function LogPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const { window, now } = useTimeView();
  const log = useLog(id);
  const data = useLogData(id, window);
  const mw = messageWindow(params, window);
  const filter = params.get('filter') ?? '';
  const [draft, setDraft] = useState(filter);
  const span = messageSpan(mw, mw.kind === 'tail' ? Math.floor(Date.now() / 1000) : now);
  const messages = useLogMessages(id, span.from, span.to, filter, mw.kind === 'tail' ? 5000 : false);

  const update = (f: (p: URLSearchParams) => void) =>
    setParams((p) => {
      f(p);
      return p;
    });
  const pick = (from: number, to = from) => update((p) => (p.delete('tail'), p.set('mfrom', String(from)), p.set('mto', String(to))));
  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    update((p) => (draft ? p.set('filter', draft) : p.delete('filter')));
  };

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">
        {log.data ? `${log.data.source_type} ${log.data.source}` : `Log #${id}`}
        {log.data && <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">server #{log.data.server_id}</span>}
      </h1>
      {log.error && <ErrorBox error={log.error} />}
      <Panel title="Messages per minute" actions={<span className="text-xs text-slate-600 dark:text-slate-400">Click a minute to read its messages</span>}>
        {data.isPending && <Loading what="severity counts" />}
        {data.error && <ErrorBox error={data.error} />}
        {data.data && <TimeChart title="Messages by severity" rows={scalarRows(data.data, SEVERITIES.map((s) => s.key))} series={SEVERITIES} unit="number" range={window} onPickMinute={pick} />}
      </Panel>
      <Panel
        title={mw.kind === 'tail' ? 'Live tail (newest minutes, every 5 s)' : `Messages: ${mw.label} ${formatTime(mw.from)}${mw.to !== mw.from ? ` – ${formatTime(mw.to)}` : ''} UTC`}
        actions={
          <div className="flex gap-1">
            <Button variant="ghost" onClick={() => pick(window.from, window.to)}>Whole range</Button>
            <Button variant={mw.kind === 'tail' ? 'primary' : 'secondary'} aria-pressed={mw.kind === 'tail'} onClick={() => update((p) => (mw.kind === 'tail' ? p.delete('tail') : p.set('tail', '1')))}>
              {mw.kind === 'tail' ? 'Pause tail' : 'Live tail'}
            </Button>
          </div>
        }
      >
        <form onSubmit={applyFilter} className="mb-2 flex items-end gap-2">
          <label className="text-xs">
            Regular expression (must match the whole message)
            <input data-filter className={`${inputClass} w-80 font-mono`} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder=".*error.*" />
          </label>
          <Button type="submit">Apply filter</Button>
        </form>
        {messages.isPending && <Loading what="messages" />}
        {messages.error && <ErrorBox error={messages.error} />}
        {messages.data && (
          <ol tabIndex={0} aria-label="Messages" className="max-h-[28rem] overflow-auto font-mono text-xs" aria-live={mw.kind === 'tail' ? 'polite' : undefined}>
            {messages.data.map((m, i) => (
              <li key={i} className="border-t border-slate-100 py-0.5 whitespace-pre-wrap dark:border-slate-800">
                {m.time !== undefined && <span className="mr-2 text-slate-600 dark:text-slate-400">{formatTime(m.time)}</span>}
                {m.severity && <span className={`mr-2 ${m.severity === 'critical' ? 'text-red-700 dark:text-red-400' : m.severity === 'warning' ? 'text-amber-700 dark:text-amber-400' : ''}`}>{m.severity}</span>}
                {m.data}
              </li>
            ))}
            {messages.data.length === 0 && <li className="font-sans text-sm text-slate-600 dark:text-slate-400">No messages.</li>}
          </ol>
        )}
      </Panel>
    </div>
  );
}
