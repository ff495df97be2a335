import { Link, useParams, useSearchParams } from 'react-router';
import { useAlertHistory, useAlertHistoryMessage } from '../../api/alert-histories';
import { useAlerts } from '../../api/alerts';
import { paths } from '../../app/paths';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';

/**
 * One incident and its saved message. The html comes from alert data that collectors and users
 * influence, so it is never injected into the page: it renders in an iframe with sandbox="" (no
 * scripts, no same origin, no forms, no navigation), from srcdoc so nothing is fetched.
 */
export default function HistoryPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const history = useAlertHistory(id);
  const message = useAlertHistoryMessage(id);
  const alerts = useAlerts();
  if (history.isPending) return <Loading what="incident" />;
  if (history.error) return <ErrorBox error={history.error} />;
  const h = history.data;
  return (
    <div className="space-y-4">
      <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={{ pathname: paths.alertHistories, search: params.toString() }}>
        ← All incidents
      </Link>
      <h1 className="text-lg font-semibold">{h.subject || `Incident ${h.id}`}</h1>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Started</dt>
        <dd>{formatTime(h.start)} UTC</dd>
        <dt className="text-slate-600 dark:text-slate-400">Ended</dt>
        <dd>{h.end === null ? 'Still open' : `${formatTime(h.end)} UTC`}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Alert</dt>
        <dd>
          <Link className="text-teal-800 underline dark:text-teal-300" to={paths.alert(h.alert_id)}>
            {alerts.data?.find((a) => a.id === h.alert_id)?.name ?? `Alert #${h.alert_id}`}
          </Link>
        </dd>
      </dl>
      {message.isPending && <Loading what="message" />}
      {message.error && <ErrorBox error={message.error} />}
      {message.data && (
        <div className="grid gap-4 xl:grid-cols-2">
          <Panel title="Message (text)">
            <pre className="max-h-[32rem] overflow-auto text-sm whitespace-pre-wrap">{message.data.text || '(empty)'}</pre>
            {message.data.sms && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">SMS: {message.data.sms}</p>}
          </Panel>
          <Panel title="Message (HTML)">
            <iframe sandbox="" srcDoc={message.data.html} title="Alert message as HTML" referrerPolicy="no-referrer" className="h-[32rem] w-full rounded border border-slate-200 bg-white dark:border-slate-700" />
          </Panel>
        </div>
      )}
    </div>
  );
}
