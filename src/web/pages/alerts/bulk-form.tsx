import { ALERT_TYPES } from '../../../shared/alerts';
import { ChoiceField, FormError } from '../../components/forms/form-fields';
import type { FieldErrors } from '../../components/forms/schema-errors';
import { TextField } from '../../components/ui/field';
import type { BulkDraft } from './bulk-input';

/** The selection (type, server) and the fields a bulk edit changes; an empty field stays as it is. */
export function BulkForm({ value, onChange, servers, errors }: { value: BulkDraft; onChange: (d: BulkDraft) => void; servers: { id: number; name: string }[]; errors: FieldErrors }) {
  const set = <K extends keyof BulkDraft>(k: K, v: BulkDraft[K]) => onChange({ ...value, [k]: v });
  return (
    <div className="space-y-3">
      <FormError errors={errors} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Which alerts</legend>
        <ChoiceField label="Type" value={value.type} error={errors.type} onChange={(e) => set('type', e.target.value)}>
          <option value="">Any type</option>
          {ALERT_TYPES.map((t) => <option key={t}>{t}</option>)}
        </ChoiceField>
        <ChoiceField label="Server" value={value.server_id} onChange={(e) => set('server_id', e.target.value)}>
          <option value="">Any server</option>
          {servers.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </ChoiceField>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-4">
        <legend className="mb-1 text-sm font-medium">Change (leave empty to keep)</legend>
        <TextField label="Threshold" inputMode="decimal" value={value.threshold} error={errors.threshold} onChange={(e) => set('threshold', e.target.value)} />
        <TextField label="Minutes above threshold" inputMode="numeric" value={value.time_above_threshold} error={errors.time_above_threshold} onChange={(e) => set('time_above_threshold', e.target.value)} />
        <TextField label="Repeat interval (minutes)" inputMode="numeric" value={value.interval} error={errors.interval} onChange={(e) => set('interval', e.target.value)} />
        <ChoiceField label="Active" value={value.active} onChange={(e) => set('active', e.target.value as BulkDraft['active'])}>
          <option value="">Keep</option>
          <option value="true">On</option>
          <option value="false">Off</option>
        </ChoiceField>
      </fieldset>
    </div>
  );
}
