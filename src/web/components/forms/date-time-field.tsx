import { useId } from 'react';
import { inputClass } from '../ui/field';
import { browserTimeZone, formatOffset, utcToZoned, zonedToUtc, zoneOffsetMinutes } from '../../lib/zoned-time';

/**
 * A date and time picked in the browser's time zone, or in `zone` (a datetime-local input), for a
 * value kept as the API's UTC minute (`yyyy-mm-dd hh:mm`); the UTC time it stands for shows beside it.
 */
export function DateTimeField({ label, value, onChange, error, zone = browserTimeZone() }: { label: string; value: string; onChange: (utc: string) => void; error?: string; zone?: string }) {
  const id = useId();
  const local = utcToZoned(value, zone) ?? '';
  const offset = local ? formatOffset(zoneOffsetMinutes(Date.parse(`${value.trim().replace(' ', 'T')}:00Z`), zone)) : '';
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label} <span className="font-normal text-slate-600 dark:text-slate-400">({zone}{offset && `, ${offset}`})</span>
      </label>
      <input
        id={id}
        type="datetime-local"
        className={inputClass}
        value={local}
        onChange={(e) => onChange(e.target.value ? (zonedToUtc(e.target.value, zone) ?? '') : '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-utc${error ? ` ${id}-err` : ''}`}
      />
      <p id={`${id}-utc`} className="text-xs text-slate-600 dark:text-slate-400" data-utc>
        {value ? `${value} UTC` : 'No time chosen'}
      </p>
      {error && (
        <p id={`${id}-err`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
