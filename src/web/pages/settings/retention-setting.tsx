import { useState, type FormEvent } from 'react';
import { retentionInput, type Retention } from '../../../shared/retention';
import { useRetention, useSaveRetention } from '../../api/retention';
import { useMe } from '../../api/session';
import { FormError } from '../../components/forms/form-fields';
import { checkWith, FORM_ERROR, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { inputBase } from '../../components/ui/field';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { canSetRetention, changedFields, daysAfterForever, FOREVER, retentionRows, retentionTotals, type RetentionRow } from './retention-rows';

const cell = 'px-2 py-1 text-left';

/** How long each kind of data is kept and the disk it takes (issue 21); the account owner changes it, others read it. */
export function RetentionSetting() {
  const retention = useRetention();
  const owner = canSetRetention(useMe());
  // Owned here, not by the table: a save changes the data, which remounts the table with the new values.
  const save = useSaveRetention();
  return (
    <Panel title="Data retention">
      {retention.isPending && <Loading what="retention" />}
      {retention.error && <ErrorBox error={retention.error} />}
      {retention.data && (
        <RetentionTable
          key={JSON.stringify(retention.data.retention)}
          data={retention.data}
          editable={owner}
          pending={save.isPending}
          error={save.error}
          onSubmit={(changed) => save.mutate(changed)}
        />
      )}
      {save.isSuccess && (
        <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400">
          Saved.
        </p>
      )}
      {retention.data && !owner && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Read-only: changing retention needs the account owner.</p>}
    </Panel>
  );
}

interface TableProps {
  data: Retention;
  editable: boolean;
  pending: boolean;
  error: unknown;
  /** The fields changed, as typed (checked with the shared schema first). */
  onSubmit: (changed: Record<string, string>) => void;
}

function RetentionTable({ data, editable, pending, error, onSubmit }: TableProps) {
  const rows = retentionRows(data);
  const totals = retentionTotals(data);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(rows.map((r) => [r.category, r.field])));
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = { ...serverFieldErrors(error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changed = changedFields(rows, values);
    if (Object.keys(changed).length === 0) return setLocal({ [FORM_ERROR]: 'Nothing changed.' });
    const r = checkWith(retentionInput, changed);
    setLocal(r.ok ? {} : r.errors);
    if (r.ok) onSubmit(changed);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormError errors={errors} />
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th className={cell}>Data</th>
              <th className={cell}>Kept</th>
              <th className={`${cell} text-right`}>Size now</th>
              <th className={`${cell} text-right`}>Growth</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((r) => (
              <tr key={r.category}>
                <th scope="row" className={`${cell} font-medium`}>{r.label}</th>
                <td className={cell}>{editable ? (
                    <DaysInput row={r} value={values[r.category] ?? ''} error={errors[r.category]} unforever={daysAfterForever(data, r.category)} onChange={(v) => setValues((s) => ({ ...s, [r.category]: v }))} />
                  ) : (
                    r.kept
                  )}</td>
                <td className={`${cell} text-right tabular-nums`}>{r.size}</td>
                <td className={`${cell} text-right tabular-nums`}>{r.growth}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 dark:border-slate-700">
            <tr>
              <th scope="row" className={cell}>This account</th>
              <td className={cell} />
              <td className={`${cell} text-right tabular-nums`}>{totals.size}</td>
              <td className={`${cell} text-right tabular-nums`}>{totals.growth}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-sm" data-testid="store-size">
        Whole store ({data.store.kind}): <strong>{totals.store}</strong>
        {totals.wal !== null && <> (write-ahead log {totals.wal})</>}, free disk <strong>{totals.free}</strong>.
      </p>
      {editable && (
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save retention'}
        </Button>
      )}
    </form>
  );
}

/** A category's days, with a "Forever" box where the category allows it (the API's 0, never typed). */
function DaysInput({ row, value, error, unforever, onChange }: { row: RetentionRow; value: string; error?: string; unforever: string; onChange: (v: string) => void }) {
  const id = `retention-${row.category}`;
  const forever = row.foreverAllowed && value === FOREVER;
  // The days typed before "Forever" was ticked come back when it is unticked.
  const [before, setBefore] = useState(forever ? unforever : value);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          aria-label={`${row.label}: days kept`}
          inputMode="numeric"
          className={`w-24 ${inputBase}`}
          value={forever ? '' : value}
          placeholder={forever ? 'forever' : undefined}
          disabled={forever}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : `${id}-hint`}
        />
        {row.foreverAllowed && (
          <label className="inline-flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              aria-label={`${row.label}: keep forever`}
              checked={forever}
              onChange={(e) => {
                if (e.target.checked) {
                  setBefore(value);
                  onChange(FOREVER);
                } else onChange(before === FOREVER || before === '' ? unforever : before);
              }}
            />
            Forever
          </label>
        )}
      </div>
      {error ? (
        <p id={`${id}-err`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <span id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">{row.bounds}</span>
      )}
    </div>
  );
}
