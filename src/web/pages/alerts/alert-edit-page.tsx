import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAlert, useCreateAlert, useDeleteAlert, useUpdateAlert } from '../../api/alerts';
import { useMe } from '../../api/session';
import { useUsers } from '../../api/users';
import { paths } from '../../app/paths';
import { useCan } from '../../app/use-can';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { ReadOnlyNote } from '../../components/ui/read-only-note';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { draftOf, emptyDraft, toCreateInput, toUpdateInput, type AlertDraft } from './alert-draft';
import { AlertForm } from './alert-form';
import { DeliveryLog } from './delivery-log';

/** Creates an alert (/alerts/new) or edits one (/alerts/:id), with its delivery log. */
export default function AlertEditPage() {
  const raw = useParams().id;
  return raw === undefined ? <CreateAlert /> : <EditAlert id={Number(raw)} />;
}

function CreateAlert() {
  const writer = useCan('alerts.write');
  const navigate = useNavigate();
  const create = useCreateAlert();
  const users = useUsers();
  const signedIn = useMe();
  if (!writer) return <ReadOnlyNote />;
  if (users.isPending) return <Loading what="users" />;
  // The signed-in person is the natural first recipient.
  const me = users.data?.find((u) => u.email === signedIn?.email);
  const initial: AlertDraft = { ...emptyDraft(), users: me ? [{ id: me.id, sendemail: true, sendsms: false, pushnotification: false }] : [] };
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">New alert</h1>
      <AlertForm
        initial={initial}
        creating
        pending={create.isPending}
        error={create.error}
        onSubmit={(d) => create.mutate(toCreateInput(d), { onSuccess: (a) => navigate(paths.alert(a.id), { replace: true }) })}
      />
    </div>
  );
}

function EditAlert({ id }: { id: number }) {
  const navigate = useNavigate();
  const alert = useAlert(id);
  const update = useUpdateAlert(id);
  const del = useDeleteAlert();
  const writer = useCan('alerts.write');
  // Each save starts the form afresh from the saved alert, so "Secret set" and the rest show what is stored.
  const [saves, setSaves] = useState(0);
  if (alert.isPending) return <Loading what="alert" />;
  if (alert.error) return <ErrorBox error={alert.error} />;
  const a = alert.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">Alert: {a.name}</h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {a.type} {a.target} · {a.trigger}
        </span>
        {writer && (
          <div className="ml-auto">
            <ConfirmButton label="Delete alert" question={`Delete the alert "${a.name}"?`} pending={del.isPending} onConfirm={() => del.mutate(id, { onSuccess: () => navigate(paths.alerts, { replace: true }) })} />
          </div>
        )}
      </div>
      <ReadOnlyNote />
      {del.error && <ErrorBox error={del.error} retry={false} />}
      <Panel title="Settings">
        <AlertForm
          key={`${a.id}:${saves}`}
          initial={draftOf(a)}
          creating={false}
          pending={update.isPending}
          error={update.error}
          targetLabel={a.target}
          readOnly={!writer}
          onSubmit={(d) => update.mutate(toUpdateInput(d), { onSuccess: () => setSaves((n) => n + 1) })}
        />
        {update.isSuccess && !update.isPending && (
          <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400">
            Alert saved.
          </p>
        )}
      </Panel>
      <DeliveryLog alertId={id} hasSubscribers={(a.subscribers ?? []).length > 0} />
    </div>
  );
}
