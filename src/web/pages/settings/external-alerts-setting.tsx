import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useEscalationPolicies } from '../../api/escalation-policies';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notification-settings';
import { useMe } from '../../api/session';
import { paths } from '../../app/paths';
import { canConfigure } from '../../app/session';
import { FormError } from '../../components/forms/form-fields';
import { serverFieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';

const EXPLAIN =
  'Incidents of alerts Prometheus, vmalert or Grafana send to Fleetwatch (POST /api/v2/alerts) walk this escalation policy; without one, the users named in the API setting external_alert_users (by default the account owner) are e-mailed and reminded.';

/** Who is told of external (Prometheus) alerts: the account's escalation policy for them, and the reminder interval without one. */
export function ExternalAlertsSetting() {
  const settings = useNotificationSettings();
  const policies = useEscalationPolicies();
  const writer = canConfigure(useMe());
  const name = (id: number | null) => (id === null ? null : (policies.data?.find((p) => p.id === id)?.name ?? `policy ${id}`));
  return (
    <Panel title="Prometheus alerts">
      {(settings.isPending || policies.isPending) && <Loading what="settings" />}
      {settings.error && <ErrorBox error={settings.error} />}
      {settings.data && policies.data &&
        (writer ? (
          <ExternalForm policy={settings.data.external_escalation_policy} interval={settings.data.external_alert_interval} policies={policies.data} />
        ) : (
          <p className="text-sm">
            {settings.data.external_escalation_policy === null
              ? `No escalation policy: the named users are told, reminded every ${settings.data.external_alert_interval} min.`
              : `They walk the escalation policy "${name(settings.data.external_escalation_policy)}".`}
          </p>
        ))}
    </Panel>
  );
}

function ExternalForm({ policy, interval, policies }: { policy: number | null; interval: number; policies: { id: number; name: string }[] }) {
  const save = useSaveNotificationSettings();
  const [chosen, setChosen] = useState(policy === null ? '0' : String(policy));
  const [every, setEvery] = useState(String(interval));
  const errors = serverFieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ external_escalation_policy: chosen, external_alert_interval: every.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-2">
      <FormError errors={errors} />
      <p className="text-xs text-slate-600 dark:text-slate-400">{EXPLAIN}</p>
      <SelectField label="Escalation policy" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="0">None: e-mail the named users</option>
        {policies.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      {policies.length === 0 && (
        <p className="text-xs">
          No policy yet: <Link className="underline" to={paths.escalationPolicies}>make one</Link>.
        </p>
      )}
      <TextField label="Reminder interval without a policy (minutes)" inputMode="numeric" value={every} onChange={(e) => setEvery(e.target.value)} error={errors.external_alert_interval} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      {save.isSuccess && (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          Saved.
        </p>
      )}
    </form>
  );
}
