import { useSetTransactions, useTransactionSettings } from '../../api/settings';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { Button } from '../../components/ui/button';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';

/** The account's transaction capture; turning it off asks first, because its history is deleted. */
export function TransactionsSwitch() {
  const settings = useTransactionSettings();
  const set = useSetTransactions();
  const on = settings.data?.transactions_on ?? false;
  return (
    <Panel title="Transactions">
      {settings.isPending && <Loading what="transaction settings" />}
      {settings.error && <ErrorBox error={settings.error} />}
      {set.error && <ErrorBox error={set.error} retry={false} />}
      {settings.data && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="status">
            Transaction capture is <strong>{on ? 'on' : 'off'}</strong>
            {on && !settings.data.transactions_enabled && ' (paused)'}.
          </p>
          {on ? (
            <ConfirmButton
              label="Turn transactions off"
              question="Turn transactions off?"
              detail="The transaction logs of every server are deleted with all their messages and traces. This cannot be undone."
              confirmLabel="Turn off and delete history"
              pending={set.isPending}
              onConfirm={() => set.mutate({ transactions_on: false })}
            />
          ) : (
            <Button variant="primary" disabled={set.isPending} onClick={() => set.mutate({ transactions_on: true })}>
              Turn transactions on
            </Button>
          )}
        </div>
      )}
    </Panel>
  );
}
