import { useEscalationPolicies } from '../../api/escalation-policies';
import { ChoiceField } from '../../components/forms/form-fields';

/**
 * The alert's escalation policy (issue 19): none keeps the spec's behaviour (the users below, every
 * interval); a policy's steps are told instead of the users, who then hear nothing from the alert.
 */
export function EscalationPolicyPicker({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const policies = useEscalationPolicies().data ?? [];
  return (
    <div className="grid gap-1">
      <ChoiceField label="Escalation policy" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
        <option value="">None: notify the users below every interval</option>
        {policies.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.name}
          </option>
        ))}
      </ChoiceField>
      {value !== '' && <p className="text-xs text-slate-600 dark:text-slate-400">The policy's steps are told while nobody acknowledges; the users below get no messages or reminders from this alert.</p>}
    </div>
  );
}
