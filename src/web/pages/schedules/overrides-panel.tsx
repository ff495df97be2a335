import { useState, type FormEvent } from 'react';
import { isManager } from '../../../shared/access';
import type { Schedule } from '../../../shared/schedules';
import { useAddOverride, useRemoveOverride } from '../../api/schedules';
import { useMe } from '../../api/session';
import { ChoiceField } from '../../components/forms/form-fields';
import { serverFieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Empty, Panel } from '../../components/ui/status';
import { localInputToEpoch, zonedLabel } from './rotation-draft';

/**
 * The overrides not over yet, each removable by a Manager or by the person it puts on call, and a
 * Manager's form to put anyone on call from one time to another (in the schedule's zone).
 */
export function OverridesPanel({ schedule, people, now }: { schedule: Schedule; people: { id: number; name: string }[]; now: number }) {
  const me = useMe();
  const remove = useRemoveOverride(schedule.id);
  const nameOf = (id: number | null) => (id === null ? 'someone' : (people.find((p) => p.id === id)?.name ?? `user ${id}`));
  const current = schedule.overrides.filter((o) => o.end > now);
  const zone = schedule.time_zone;
  return (
    <Panel title="Overrides">
      {current.length === 0 && <Empty>No override now or ahead.</Empty>}
      <ul className="space-y-1">
        {current.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="flex-1">
              <strong>{nameOf(o.user_id)}</strong> from {zonedLabel(o.start, zone)} to {zonedLabel(o.end, zone)}{' '}
              <span className="text-slate-600 dark:text-slate-400">(by {nameOf(o.created_by)})</span>
            </span>
            {me && (isManager(me) || me.id === o.user_id) && (
              <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(o.id)} aria-label={`Remove the override of ${nameOf(o.user_id)} from ${zonedLabel(o.start, zone)}`}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {me && isManager(me) && <OverrideForm scheduleId={schedule.id} zone={zone} people={people} />}
    </Panel>
  );
}

function OverrideForm({ scheduleId, zone, people }: { scheduleId: number; zone: string; people: { id: number; name: string }[] }) {
  const add = useAddOverride(scheduleId);
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const errors = serverFieldErrors(add.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ user_id: Number(user), start: localInputToEpoch(from, zone), end: localInputToEpoch(to, zone) }, { onSuccess: () => (setFrom(''), setTo('')) });
  };
  return (
    <form onSubmit={submit} aria-label="Add an override" className="mt-3 grid items-end gap-2 sm:grid-cols-4">
      <ChoiceField label="On call instead" value={user} onChange={(e) => setUser(e.target.value)} error={errors.user_id} required>
        <option value="">Choose a user…</option>
        {people.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
      </ChoiceField>
      <TextField label={`From (${zone})`} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} error={errors.start} required />
      <TextField label={`To (${zone})`} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} error={errors.end ?? errors._form} required />
      <Button type="submit" variant="primary" disabled={add.isPending}>Add override</Button>
    </form>
  );
}
