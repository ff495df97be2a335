import type { AuditQuery } from '../../api/audit';

const int = (v: string | null) => (v !== null && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/** The audit page's filters from its URL (`user`, `action`, `resource`, `start`, `end` in epoch seconds, `page`). */
export function parseAuditParams(p: URLSearchParams): AuditQuery {
  return {
    page: int(p.get('page')) ?? 0,
    userId: int(p.get('user')),
    action: p.get('action') || undefined,
    resource: p.get('resource') || undefined,
    start: int(p.get('start')),
    end: int(p.get('end')),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as a datetime-local input's value, in the browser's time zone. */
export function toLocalInput(t: number | undefined): string {
  if (t === undefined) return '';
  const d = new Date(t * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as epoch seconds; `endOfMinute` includes that minute's last second. */
export function fromLocalInput(v: string, endOfMinute = false): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v)) return undefined;
  const ms = new Date(v).getTime();
  return Number.isFinite(ms) ? ms / 1000 + (endOfMinute ? 59 : 0) : undefined;
}
