import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useAckToken, useConfirmAckToken } from '../../api/ack-token';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { formatTime } from '../../lib/format';
import { ackFailure, ackOffer, historyOfToken } from './ack-view';

const link = 'text-teal-800 underline dark:text-teal-300';

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 p-3 sm:items-center sm:p-4 dark:bg-slate-950">
      <div className="w-full max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">{children}</div>
    </main>
  );
}

function Failure({ error }: { error: unknown }) {
  const f = ackFailure(error);
  return (
    <div role="alert" className="space-y-1">
      <h2 className="font-semibold text-red-800 dark:text-red-300">{f.title}</h2>
      <p className="text-sm break-words">{f.message}</p>
    </div>
  );
}

/**
 * The page an alert e-mail's acknowledge link opens, without sign-in (the token names one incident
 * and its recipient). Opening it only shows the incident: mail scanners fetch links, so only the
 * Confirm button's POST acknowledges, once.
 */
export default function AckPage() {
  const token = useParams().token ?? '';
  const info = useAckToken(token);
  const confirm = useConfirmAckToken(token);
  // eslint-disable-next-line react-hooks/purity -- whether the link has expired is judged against the present at each render.
  const now = Math.floor(Date.now() / 1000);
  return (
    <Frame>
      <h1 className="text-xl font-semibold">Acknowledge an incident</h1>
      {info.isPending && <p role="status">Reading the link…</p>}
      {info.error && <Failure error={info.error} />}
      {info.error && historyOfToken(token) !== null && <IncidentLink id={historyOfToken(token)!} />}
      {info.data && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">Incident</dt>
            <dd className="font-medium break-words">{info.data.subject || `Incident ${info.data.alert_history_id}`}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Started</dt>
            <dd>{formatTime(info.data.start)} UTC</dd>
            <dt className="text-slate-600 dark:text-slate-400">State</dt>
            <dd>{info.data.end === null ? 'Open' : `Resolved ${formatTime(info.data.end)} UTC`}</dd>
            {info.data.acknowledged_at !== null && (
              <>
                <dt className="text-slate-600 dark:text-slate-400">Acknowledged</dt>
                <dd>{formatTime(info.data.acknowledged_at)} UTC</dd>
              </>
            )}
          </dl>
          {confirm.isSuccess ? (
            <div role="status" className="space-y-1 rounded border border-green-300 bg-green-50 p-3 dark:border-green-800 dark:bg-green-950">
              <p className="text-lg font-semibold text-green-800 dark:text-green-200">Acknowledged</p>
              <p className="text-sm">The others see that you have it, and the reminders of this incident stop.</p>
            </div>
          ) : (
            <Offer offer={ackOffer(info.data, now)} pending={confirm.isPending} onConfirm={() => confirm.mutate()} />
          )}
          {confirm.error && <Failure error={confirm.error} />}
          <IncidentLink id={info.data.alert_history_id} />
        </>
      )}
    </Frame>
  );
}

function IncidentLink({ id }: { id: number }) {
  return (
    <p className="text-sm">
      <Link className={link} to={paths.alertHistory(id)}>
        Open the incident in Fleetwatch
      </Link>{' '}
      (sign-in needed)
    </p>
  );
}

function Offer({ offer, pending, onConfirm }: { offer: ReturnType<typeof ackOffer>; pending: boolean; onConfirm: () => void }) {
  if (offer === 'expired') return <Failure error={new Error('This acknowledge link has expired. Open the incident in Fleetwatch to acknowledge it.')} />;
  if (offer === 'resolved') return <p role="status">This incident has ended: there is nothing to acknowledge.</p>;
  return (
    <Button variant="primary" className="min-h-12 w-full text-lg" disabled={pending} onClick={onConfirm}>
      {pending ? 'Acknowledging…' : 'Confirm: I have it'}
    </Button>
  );
}
