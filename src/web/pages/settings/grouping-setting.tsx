import { useState, type FormEvent } from 'react';
import { GROUP_WAIT_DEFAULT_S, notificationSettingsInput } from '../../../shared/incident-response';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notification-settings';
import { useMe } from '../../api/session';
import { canConfigure } from '../../app/session';
import { FormError } from '../../components/forms/form-fields';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';

const EXPLAIN = 'E-mails, SMS and pushes to one person that fall due within this window go out as one message listing every incident (callbacks never do). 0 sends each at once.';

/** The account's notification grouping window; Managers and the owner change it, others read it. */
export function GroupingSetting() {
  const settings = useNotificationSettings();
  const writer = canConfigure(useMe());
  return (
    <Panel title="Notification grouping">
      {settings.isPending && <Loading what="notification settings" />}
      {settings.error && <ErrorBox error={settings.error} />}
      {settings.data &&
        (writer ? (
          <GroupingForm current={settings.data.group_wait_s} />
        ) : (
          <p className="text-sm">
            Notifications due within <strong>{settings.data.group_wait_s} s</strong> of each other go out as one message. {EXPLAIN}
          </p>
        ))}
    </Panel>
  );
}

function GroupingForm({ current }: { current: number }) {
  const save = useSaveNotificationSettings();
  const [value, setValue] = useState(String(current));
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(save.error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkWith(notificationSettingsInput, { group_wait_s: value.trim() });
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) save.mutate({ group_wait_s: value.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-2">
      <FormError errors={errors} />
      <TextField label="Group window (seconds)" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} error={errors.group_wait_s} hint={`${EXPLAIN} Default ${GROUP_WAIT_DEFAULT_S}.`} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save grouping'}
      </Button>
      {save.isSuccess && (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          Saved.
        </p>
      )}
    </form>
  );
}
