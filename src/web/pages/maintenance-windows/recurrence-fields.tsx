import { useMemo } from 'react';
import { epochToWall } from '../../../shared/time-zones';
import { formatUtcSeconds } from '../../../shared/utc-time';
import { ChoiceField, FieldGroup } from '../../components/forms/form-fields';
import { TextField } from '../../components/ui/field';
import { previewOccurrences, WEEKDAYS, type Repeats } from './repeat-rule';
import type { MaintenanceFormValues } from './window-input';

const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

const local = (t: number, zone: string) => formatUtcSeconds(epochToWall(t, zone)).slice(0, 16);

/** Repeats (none, presets or a raw RRULE), weekdays, duration and time zone, and the next 5 occurrences. */
export function RecurrenceFields({ value, set, errors }: { value: MaintenanceFormValues; set: (p: Partial<MaintenanceFormValues>) => void; errors: Record<string, string | undefined> }) {
  // eslint-disable-next-line react-hooks/purity -- the preview counts from the present when the form changes.
  const preview = useMemo(() => previewOccurrences(value, Math.floor(Date.now() / 1000)), [value]);
  // A one-off window's end would become the until: a new repetition starts without one.
  const repeat = (repeats: Repeats) => set(value.repeats === 'none' && repeats !== 'none' ? { repeats, end: '' } : { repeats });
  const toggleDay = (d: string, on: boolean) => set({ days: on ? [...value.days, d] : value.days.filter((x) => x !== d) });
  return (
    <>
      <ChoiceField label="Repeats" value={value.repeats} onChange={(e) => repeat(e.target.value as Repeats)} error={value.repeats === 'custom' ? undefined : errors.rrule}>
        <option value="none">Does not repeat</option>
        <option value="daily">Daily</option>
        <option value="weekly">Weekly on days</option>
        <option value="monthly">Monthly</option>
        <option value="custom">Custom RRULE</option>
      </ChoiceField>
      {value.repeats === 'weekly' && (
        <FieldGroup legend="On days">
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map(([d, name]) => (
              <label key={d} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={value.days.includes(d)} onChange={(e) => toggleDay(d, e.target.checked)} /> {name}
              </label>
            ))}
          </div>
        </FieldGroup>
      )}
      {value.repeats === 'custom' && (
        <TextField label="RRULE" placeholder="FREQ=WEEKLY;BYDAY=SU" value={value.custom} onChange={(e) => set({ custom: e.target.value })} error={errors.rrule} />
      )}
      {value.repeats !== 'none' && (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Duration (minutes)" inputMode="numeric" value={value.duration} onChange={(e) => set({ duration: e.target.value })} error={errors.duration} />
            <TextField label="Time zone" list="fw-time-zones" value={value.timeZone} onChange={(e) => set({ timeZone: e.target.value })} error={errors.time_zone} />
          </div>
          <datalist id="fw-time-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <section aria-label="Next occurrences" className="text-sm">
            <h3 className="font-medium">Next occurrences</h3>
            {preview.length ? (
              <ol className="list-inside list-decimal">
                {preview.map((o) => (
                  <li key={o.start}>
                    {local(o.start, value.timeZone)} – {local(o.end, value.timeZone)} ({value.timeZone})
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-slate-600 dark:text-slate-400">None: check the rule, start, duration and time zone.</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
