import { Link, useSearchParams } from 'react-router';
import { useServers } from '../../api/servers';
import { useTransactionSettings } from '../../api/settings';
import { useTransactionLogs } from '../../api/traces';
import { paths } from '../../app/paths';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';

/** The transaction logs (AFURL and AFSQL per server); each opens its messages and, from one, a trace. */
export default function TransactionsPage() {
  const [params] = useSearchParams();
  const logs = useTransactionLogs();
  const servers = useServers();
  const settings = useTransactionSettings();
  const name = new Map((servers.data ?? []).map((s) => [s.id, s.nickname || s.hostname]));
  const rows = [...(logs.data ?? [])].sort((a, b) => (name.get(a.server_id) ?? '').localeCompare(name.get(b.server_id) ?? '') || a.source_type.localeCompare(b.source_type));
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">Transaction logs</h1>
        <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={paths.topology}>
          Application topology
        </Link>
      </div>
      {settings.data && !settings.data.transactions_on && (
        <p className="text-sm">
          Transactions are off. <Link className="text-teal-800 underline dark:text-teal-300" to={paths.settings}>Turn them on in Settings</Link>.
        </p>
      )}
      {logs.isPending && <Loading what="transaction logs" />}
      {logs.error && <ErrorBox error={logs.error} />}
      {logs.data?.length === 0 && <Empty>No transaction logs.</Empty>}
      {rows.length > 0 && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Transaction logs</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Server', 'Kind', 'File'].map((h) => (
                <th key={h} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-3 py-1.5">
                  <Link className="text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.transactionLog(l.id), search: params.toString() }}>
                    {name.get(l.server_id) ?? '…'} {l.source_type === 'AFURL' ? 'URL requests' : 'SQL statements'}
                  </Link>
                </td>
                <td className="px-3 py-1.5">{l.source_type}</td>
                <td className="px-3 py-1.5 font-mono text-xs">{l.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
