import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeleteSchedule, useOnCallNow, useSaveSchedule, useSchedule } from '../../api/schedules';
import { paths } from '../../app/paths';
import { NO_PERMISSION, useCan } from '../../app/use-can';
import { useTimeView } from '../../app/use-time-view';
import { serverFieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorBox, Loading } from '../../components/ui/status';
import { OverridesPanel } from './overrides-panel';
import { zonedLabel } from './rotation-draft';
import { ScheduleForm } from './schedule-form';
import { ShiftCalendar } from './shift-calendar';
import { usePeople } from './use-people';

/** One schedule: who is on call now, the next two weeks, its overrides; Managers edit or delete it. */
export default function SchedulePage() {
  const raw = useParams().id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const schedule = useSchedule(id);
  const { now } = useTimeView();
  const people = usePeople();
  const canWrite = useCan('schedules.write');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const save = useSaveSchedule(id);
  const remove = useDeleteSchedule();
  const navigate = useNavigate();
  const [onCall] = useOnCallNow(id === null ? [] : [id]);
  if (id === null) return <p className="p-4">No such schedule.</p>;
  if (schedule.isPending) return <Loading what="the schedule" />;
  if (schedule.error) return <ErrorBox error={schedule.error} />;
  const s = schedule.data;
  const current = onCall?.data;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link className="text-teal-800 underline dark:text-teal-300" to={paths.schedules}>On-call schedules</Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">{s.name}</h1>
        <span className="text-sm text-slate-600 dark:text-slate-400">{s.time_zone}</span>
        <span className="flex-1" />
        <Button disabled={!canWrite || editing} title={canWrite ? undefined : NO_PERMISSION} onClick={() => setEditing(true)}>Edit</Button>
        <Button variant="danger" disabled={!canWrite} title={canWrite ? undefined : NO_PERMISSION} onClick={() => setDeleting(true)}>Delete</Button>
      </div>
      <p role="status" className="text-sm">
        {current
          ? current.users.length
            ? <>On call now: <strong>{current.users.map((u) => u.name).join(', ')}</strong>{current.until !== null && ` until ${zonedLabel(current.until, s.time_zone)}`}</>
            : 'Nobody is on call now.'
          : 'Asking who is on call…'}
      </p>
      {editing && (
        <ScheduleForm
          initial={s}
          people={people}
          pending={save.isPending}
          errors={serverFieldErrors(save.error)}
          onCancel={() => (setEditing(false), save.reset())}
          onSubmit={(input) => save.mutate(input, { onSuccess: () => setEditing(false) })}
        />
      )}
      <ShiftCalendar schedule={s} now={now} />
      <OverridesPanel schedule={s} people={people} now={now} />
      {deleting && (
        <ConfirmDialog
          question={`Delete the schedule ${s.name}?`}
          detail="Its rotations and overrides go with it."
          confirmLabel="Delete schedule"
          onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(s.id, { onSuccess: () => navigate(paths.schedules) })}
        />
      )}
      {remove.error && <ErrorBox error={remove.error} />}
    </div>
  );
}
