import { WEEKDAYS, type Weekday } from '../../../shared/schedules';
import { ChoiceField, FieldGroup } from '../../components/forms/form-fields';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import type { RotationDraft } from './rotation-draft';

const DAY_NAMES: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

interface Props {
  index: number;
  value: RotationDraft;
  set: (p: Partial<RotationDraft>) => void;
  onRemove?: () => void;
  people: { id: number; name: string }[];
}

/** One rotation (layer): users in order, first day and hand-off time, length, and optional weekdays and hours. */
export function RotationFields({ index, value, set, onRemove, people }: Props) {
  const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? `user ${id}`;
  const move = (i: number, by: -1 | 1) => {
    const users = [...value.users];
    const [u] = users.splice(i, 1);
    users.splice(i + by, 0, u!);
    set({ users });
  };
  const toggleDay = (d: Weekday, on: boolean) => set({ weekdays: on ? WEEKDAYS.filter((x) => x === d || value.weekdays.includes(x)) : value.weekdays.filter((x) => x !== d) });
  const label = `Rotation ${index + 1}`;
  return (
    <fieldset aria-label={label} className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">
        {label}
        {index > 0 && <span className="font-normal text-slate-600 dark:text-slate-400"> (wins over the rotations above it where it applies)</span>}
      </legend>
      <TextField label="Rotation name" value={value.name} onChange={(e) => set({ name: e.target.value })} maxLength={100} />
      <FieldGroup legend="Users, in turn order">
        <ol className="space-y-1">
          {value.users.map((id, i) => (
            <li key={`${id}-${i}`} className="flex items-center gap-2 text-sm">
              <span className="w-6 text-right text-slate-600 dark:text-slate-400">{i + 1}.</span>
              <span className="flex-1">{nameOf(id)}</span>
              <Button variant="ghost" aria-label={`Move ${nameOf(id)} up`} disabled={i === 0} onClick={() => move(i, -1)}>↑</Button>
              <Button variant="ghost" aria-label={`Move ${nameOf(id)} down`} disabled={i === value.users.length - 1} onClick={() => move(i, 1)}>↓</Button>
              <Button variant="ghost" aria-label={`Remove ${nameOf(id)}`} onClick={() => set({ users: value.users.filter((_, j) => j !== i) })}>✕</Button>
            </li>
          ))}
        </ol>
        <ChoiceField label={`Add a user to rotation ${index + 1}`} value="" onChange={(e) => e.target.value && set({ users: [...value.users, Number(e.target.value)] })}>
          <option value="">Choose a user…</option>
          {people.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </ChoiceField>
      </FieldGroup>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextField label="First day" type="date" value={value.startDate} onChange={(e) => set({ startDate: e.target.value })} required />
        <TextField label="Hand-off time" type="time" value={value.handoff} onChange={(e) => set({ handoff: e.target.value })} required />
        <TextField label="Each turn lasts" type="number" min={1} max={52} value={value.count} onChange={(e) => set({ count: e.target.value })} required />
        <ChoiceField label="Turn unit" value={value.unit} onChange={(e) => set({ unit: e.target.value === 'day' ? 'day' : 'week' })}>
          <option value="day">days</option>
          <option value="week">weeks</option>
        </ChoiceField>
      </div>
      <FieldGroup legend="Only on days (none: every day)">
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((d) => (
            <label key={d} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={value.weekdays.includes(d)} onChange={(e) => toggleDay(d, e.target.checked)} /> {DAY_NAMES[d]}
            </label>
          ))}
        </div>
      </FieldGroup>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.hoursOn} onChange={(e) => set({ hoursOn: e.target.checked })} /> Only between hours (crossing midnight when the end is earlier)
      </label>
      {value.hoursOn && (
        <div className="grid grid-cols-2 gap-3">
          <TextField label="From" type="time" value={value.from} onChange={(e) => set({ from: e.target.value })} />
          <TextField label="To" type="time" value={value.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
      )}
      {onRemove && <Button variant="ghost" onClick={onRemove}>Remove rotation {index + 1}</Button>}
    </fieldset>
  );
}
