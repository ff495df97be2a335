import { useState } from 'react';
import type { Schedule } from '../../../shared/schedules';
import { useAddOverride, useShifts } from '../../api/schedules';
import { useMe } from '../../api/session';
import { Button } from '../../components/ui/button';
import { ErrorBox, Loading } from '../../components/ui/status';
import { calendarRange, toCalendar, type CalendarBlock, type CalendarDay } from './to-calendar';

const DAYS = 14;
const COLOURS = [
  'bg-teal-100 border-teal-700 text-teal-950 dark:bg-teal-900 dark:text-teal-50',
  'bg-sky-100 border-sky-700 text-sky-950 dark:bg-sky-900 dark:text-sky-50',
  'bg-violet-100 border-violet-700 text-violet-950 dark:bg-violet-900 dark:text-violet-50',
  'bg-lime-100 border-lime-700 text-lime-950 dark:bg-lime-900 dark:text-lime-50',
  'bg-rose-100 border-rose-700 text-rose-950 dark:bg-rose-900 dark:text-rose-50',
];
const OVERRIDE = 'bg-amber-100 border-amber-700 text-amber-950 dark:bg-amber-900 dark:text-amber-50';

const describe = (b: CalendarBlock, d: CalendarDay) => `${b.name}, ${d.label} ${b.from}–${b.to}${b.layer === 'override' ? ' (override)' : ''}`;

/**
 * The next two weeks of a schedule, a row per day of its zone, each shift a block with its person's
 * name. Clicking a block offers "Take this shift": an override putting the signed-in user on call then.
 */
export function ShiftCalendar({ schedule, now }: { schedule: Schedule; now: number }) {
  const range = calendarRange(schedule.time_zone, now, DAYS);
  const shifts = useShifts(schedule.id, range.start, range.end);
  const [picked, setPicked] = useState<{ block: CalendarBlock; day: CalendarDay } | null>(null);
  if (shifts.isPending) return <Loading what="shifts" />;
  if (shifts.error) return <ErrorBox error={shifts.error} />;
  const names = new Map(shifts.data.users.map((u) => [u.id, u.name]));
  const days = toCalendar(shifts.data.data, names, schedule.time_zone, now, DAYS);
  const order = [...new Set(shifts.data.data.map((s) => s.user_id))];
  return (
    <section aria-label="On-call calendar" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-sm font-semibold">
        Next two weeks <span className="font-normal text-slate-600 dark:text-slate-400">(times in {schedule.time_zone})</span>
      </h2>
      <ol className="space-y-1">
        {days.map((d) => (
          <li key={d.key} data-day={d.key} aria-label={d.label} aria-current={d.today ? 'date' : undefined} className="flex items-center gap-2">
            <span className={`w-28 shrink-0 text-sm ${d.today ? 'font-semibold text-teal-800 dark:text-teal-300' : ''}`}>
              {d.label}
              {d.today && ' · today'}
            </span>
            <div className={`relative h-9 flex-1 rounded ${d.today ? 'bg-teal-50 ring-1 ring-teal-700 dark:bg-slate-800' : 'bg-slate-100 dark:bg-slate-800'}`}>
              {d.blocks.length === 0 && <span className="absolute inset-0 flex items-center px-2 text-xs text-slate-600 dark:text-slate-400">Nobody on call</span>}
              {d.blocks.map((b) => (
                <button
                  key={b.key}
                  type="button"
                  data-shift={b.name}
                  aria-label={describe(b, d)}
                  aria-pressed={picked?.block.key === b.key && picked.day.key === d.key}
                  title={describe(b, d)}
                  onClick={() => setPicked({ block: b, day: d })}
                  style={{ left: `${b.left}%`, width: `${b.width}%` }}
                  className={`absolute inset-y-0 overflow-hidden truncate rounded border-l-4 px-1 text-left text-xs ${b.layer === 'override' ? OVERRIDE : COLOURS[order.indexOf(b.userId) % COLOURS.length]}`}
                >
                  {b.name}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ol>
      {picked && <TakeShift scheduleId={schedule.id} picked={picked} now={now} onDone={() => setPicked(null)} />}
    </section>
  );
}

/** The picked shift, and the second click that takes it. */
function TakeShift({ scheduleId, picked, now, onDone }: { scheduleId: number; picked: { block: CalendarBlock; day: CalendarDay }; now: number; onDone: () => void }) {
  const me = useMe();
  const take = useAddOverride(scheduleId);
  const { block, day } = picked;
  const mine = me?.id === block.userId;
  const over = block.end <= now;
  return (
    <div role="region" aria-label="Picked shift" className="flex flex-wrap items-center gap-2 rounded border border-slate-300 p-2 text-sm dark:border-slate-600">
      <span className="flex-1">{describe(block, day)}</span>
      {mine && <span>This shift is yours.</span>}
      {over && !mine && <span>This shift is over.</span>}
      {me && !mine && !over && (
        <Button variant="primary" disabled={take.isPending} onClick={() => take.mutate({ user_id: me.id, start: Math.max(block.start, now), end: block.end }, { onSuccess: onDone })}>
          Take this shift
        </Button>
      )}
      <Button onClick={onDone}>Close</Button>
      {take.error && <ErrorBox error={take.error} />}
    </div>
  );
}
