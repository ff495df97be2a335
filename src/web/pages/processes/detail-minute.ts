import { formatTime } from '../../lib/format';

const hhmm = (t: number) => formatTime(t).slice(11);

/**
 * What the files and threads panels say about their minute: nothing when the picked minute has
 * details (or none was picked), else which nearby minute they show, or that none is near.
 */
export function detailNote(at: number | null, answered: number | null | undefined): string | null {
  if (at === null || answered === undefined) return null;
  const minute = Math.floor(at / 60) * 60;
  if (answered === minute) return null;
  if (answered === null) return `No files or threads recorded within 30 minutes of ${hhmm(minute)}.`;
  return `No details at ${hhmm(minute)}; showing ${hhmm(answered)}${formatTime(answered).slice(0, 10) === formatTime(minute).slice(0, 10) ? '' : ` on ${formatTime(answered).slice(0, 10)}`}.`;
}
