import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLog } from '../../api/logs';
import { useQuery } from '@tanstack/react-query';
import { serverQueries } from '../../api/servers';
import { useTransactionMessages } from '../../api/traces';
import { paths } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { parseTransactionMessage, traceSearch } from './message';

/** The messages of one transaction log in the global range (the newest 200), each opening its trace. */
export default function TransactionLogPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const { window } = useTimeView();
  const log = useLog(id);
  const server = useQuery({ ...serverQueries.detail(log.data?.server_id ?? 0), enabled: !!log.data });
  const filter = params.get('filter') ?? '';
  const [draft, setDraft] = useState(filter);
  const messages = useTransactionMessages(id, window.from, window.to, filter);
  const kind = log.data?.source_type ?? 'AFURL';
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams((p) => (draft ? p.set('filter', draft) : p.delete('filter'), p));
  };
  const rows = (messages.data?.rows ?? []).map((m) => ({ raw: m, parsed: parseTransactionMessage(m.data) })).sort((a, b) => b.raw.time - a.raw.time);

  return (
    <div className="space-y-4">
      <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.transactions, search: params.toString() }}>
        ← Transaction logs
      </Link>
      <h1 className="text-lg font-semibold">
        {kind === 'AFURL' ? 'URL requests' : 'SQL statements'} on {server.data ? server.data.nickname || server.data.hostname : `server #${log.data?.server_id ?? '…'}`}
      </h1>
      {log.error && <ErrorBox error={log.error} />}
      <Panel title="Messages">
        <form onSubmit={apply} className="mb-2 flex items-end gap-2">
          <label className="text-xs">
            Regular expression (must match the whole message)
            <input data-filter className={`${inputClass} w-80 font-mono`} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder=".*orders.*" />
          </label>
          <Button type="submit">Apply filter</Button>
        </form>
        {messages.isPending && <Loading what="messages" />}
        {messages.error && <ErrorBox error={messages.error} />}
        {messages.data?.count === 0 && <Empty>No messages in this range.</Empty>}
        {!!messages.data?.count && (
          <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
            {messages.data.count > rows.length ? `The newest ${rows.length} of ${messages.data.count} messages; narrow the range or filter to see others.` : `${messages.data.count} messages.`}
          </p>
        )}
        {rows.length > 0 && (
          <table className="w-full text-sm">
            <caption className="sr-only">Transaction messages</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
                {['Time (UTC)', 'Application', 'PID', 'Peer', kind === 'AFURL' ? 'Request' : 'Statement', ''].map((h, i) => (
                  <th key={i} scope="col" className="py-1 pr-2">
                    {h || <span className="sr-only">Trace</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ raw, parsed }, i) => (
                <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-2 whitespace-nowrap">{formatTime(raw.time)}</td>
                  <td className="py-1 pr-2">{parsed?.application ?? '–'}</td>
                  <td className="py-1 pr-2">{parsed?.pid ?? '–'}</td>
                  <td className="py-1 pr-2 font-mono text-xs">{parsed ? `${parsed.peer.ip}:${parsed.peer.port}` : '–'}</td>
                  <td className="max-w-md truncate py-1 pr-2 font-mono text-xs" title={parsed?.statement ?? raw.data}>
                    {parsed?.statement ?? raw.data}
                  </td>
                  <td className="py-1 text-right">
                    {parsed && log.data && (
                      <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.trace, search: traceSearch(parsed, kind, log.data.server_id).toString() }} aria-label={`Trace the message at ${formatTime(raw.time)} ${parsed.statement}`}>
                        Trace
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
