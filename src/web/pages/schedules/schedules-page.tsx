import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOnCallNow, useSaveSchedule, useSchedules } from '../../api/schedules';
import { paths } from '../../app/paths';
import { NO_PERMISSION, useCan } from '../../app/use-can';
import { serverFieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { ScheduleForm } from './schedule-form';
import { usePeople } from './use-people';

/** On-call schedules: each with who is on call now; Managers create new ones here. */
export default function SchedulesPage() {
  const schedules = useSchedules();
  const canWrite = useCan('schedules.write');
  const [creating, setCreating] = useState(false);
  const save = useSaveSchedule(null);
  const navigate = useNavigate();
  const people = usePeople();
  const list = schedules.data ?? [];
  const onCall = useOnCallNow(list.map((s) => s.id));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">On-call schedules</h1>
        <span className="flex-1" />
        <Button variant="primary" disabled={!canWrite || creating} title={canWrite ? undefined : NO_PERMISSION} onClick={() => setCreating(true)}>
          New schedule
        </Button>
      </div>
      {creating && (
        <ScheduleForm
          initial={null}
          people={people}
          pending={save.isPending}
          errors={serverFieldErrors(save.error)}
          onCancel={() => (setCreating(false), save.reset())}
          onSubmit={(input) => save.mutate(input, { onSuccess: (s) => navigate(paths.schedule(s.id)) })}
        />
      )}
      {schedules.isPending && <Loading what="schedules" />}
      {schedules.error && <ErrorBox error={schedules.error} />}
      {schedules.data && list.length === 0 && <Empty>No schedule yet.{canWrite && ' A schedule names who is on call when: make one with "New schedule".'}</Empty>}
      {list.length > 0 && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">On-call schedules</caption>
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-400">
              <th className="p-2">Schedule</th>
              <th className="p-2">Time zone</th>
              <th className="p-2">Rotations</th>
              <th className="p-2">On call now</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s, i) => (
              <tr key={s.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="p-2">
                  <Link className="font-medium text-teal-800 underline dark:text-teal-300" to={paths.schedule(s.id)}>{s.name}</Link>
                </td>
                <td className="p-2">{s.time_zone}</td>
                <td className="p-2">{s.rotations.length}</td>
                <td className="p-2">{onCall[i]?.data ? onCall[i].data.users.map((u) => u.name).join(', ') || 'nobody' : '…'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
