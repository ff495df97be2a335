import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLog } from '../../api/logs';
import { serverQueries } from '../../api/servers';
import { TRANSACTION_PAGE, useTransactionMessages } from '../../api/traces';
import { paths, withQuery } from '../../app/paths';
import { useTimeView } from '../../app/use-time-view';
import { MessageSearch } from '../../components/forms/message-search';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { searchFromParams, toFilter } from '../../lib/bre-filter';
import { TransactionTable } from './transaction-table';

/** The messages of one transaction log in the global range, newest or slowest first, paged through all of them; each opens its trace. */
export default function TransactionLogPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const { window } = useTimeView();
  const log = useLog(id);
  const server = useQuery({ ...serverQueries.detail(log.data?.server_id ?? 0), enabled: !!log.data });
  const search = searchFromParams(params);
  const order = params.get('order') === 'duration' ? 'duration' : 'time';
  const page = Math.max(0, Number(params.get('mpage')) || 0);
  const messages = useTransactionMessages(id, { from: window.from, to: window.to, filter: toFilter(search.text, search), order, page });
  const kind = log.data?.source_type ?? 'AFURL';
  const set = (f: (p: URLSearchParams) => void) => setParams((p) => (f(p), p));
  // Two traces picked to compare; picking a third lets go of the oldest pick.
  const [picked, setPicked] = useState<string[]>([]);
  const pick = (s: string) => setPicked((p) => (p.includes(s) ? p.filter((x) => x !== s) : [...p, s].slice(-2)));
  const sortBy = (o: 'time' | 'duration') => set((p) => (o === 'duration' ? p.set('order', 'duration') : p.delete('order'), p.delete('mpage')));

  return (
    <div className="space-y-4">
      <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.transactions, search: params.toString() }}>
        ← Transaction logs
      </Link>
      <h1 className="text-lg font-semibold">
        {kind === 'AFURL' ? 'URL requests' : 'SQL statements'} on {server.data ? server.data.nickname || server.data.hostname : '…'}
      </h1>
      {log.error && <ErrorBox error={log.error} />}
      <Panel
        title="Messages"
        actions={
          <Button variant={order === 'duration' ? 'primary' : 'secondary'} aria-pressed={order === 'duration'} onClick={() => sortBy(order === 'duration' ? 'time' : 'duration')}>
            Slowest in range
          </Button>
        }
      >
        <MessageSearch placeholder="orders" />
        {messages.isPending && <Loading what="messages" />}
        {messages.error && <ErrorBox error={messages.error} />}
        {messages.data?.count === 0 && <Empty>No messages in this range.</Empty>}
        {!!messages.data?.count && (
          <>
            <Pager page={page} size={TRANSACTION_PAGE} count={messages.data.count} onPage={(n) => set((p) => p.set('mpage', String(n)))} />
            <p className="my-2 text-sm" aria-live="polite">
              {picked.length === 2 ? (
                <Link className="font-medium text-teal-800 underline dark:text-teal-300" to={withQuery(paths.traceDiff, { a: picked[0], b: picked[1] })}>
                  Compare the two traces
                </Link>
              ) : (
                <span className="text-slate-600 dark:text-slate-400">Tick two messages to compare their traces ({picked.length} of 2).</span>
              )}
            </p>
            <TransactionTable rows={messages.data.rows} kind={kind} serverId={log.data?.server_id ?? null} order={order} onSort={sortBy} picked={picked} onPick={pick} />
          </>
        )}
      </Panel>
    </div>
  );
}
