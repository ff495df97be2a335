import { Link } from 'react-router';
import { useOnCallNow, useSchedules } from '../../api/schedules';
import { paths } from '../../app/paths';

/** "On call now: <name> (<schedule>)" for each schedule, one compact line linking to the schedules. */
export function OnCallNow() {
  const schedules = useSchedules();
  const list = schedules.data ?? [];
  const onCall = useOnCallNow(list.map((s) => s.id));
  if (list.length === 0) return null;
  return (
    <p role="group" aria-label="On call now" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium">On call now:</span>
      {list.map((s, i) => {
        const who = onCall[i]?.data?.users.map((u) => u.name).join(', ');
        return (
          <Link key={s.id} to={paths.schedule(s.id)} className="text-teal-800 underline dark:text-teal-300" data-on-call={s.id}>
            {who === undefined ? '…' : who || 'nobody'} ({s.name})
          </Link>
        );
      })}
    </p>
  );
}
