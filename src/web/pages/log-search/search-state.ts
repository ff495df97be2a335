import { LOG_SEARCH_MAX_WINDOW } from '../../../shared/log-search';
import { withQuery, paths } from '../../app/paths';
import type { LogSearchRequest } from '../../api/log-search';
import type { Window } from '../../lib/time-range';

/** Messages per page of the explorer. */
export const SEARCH_PAGE = 100;

/** The explorer's filters, as kept in the URL: `q`, `severity`, `server`, `tag`, `set`, `type`, `lpage`. */
export interface SearchState {
  q: string;
  severity: '' | 'info' | 'warning' | 'critical';
  server: number | null;
  tag: number | null;
  set: number | null;
  type: '' | 'EVENTLOG' | 'SYSLOG' | 'FILE';
  page: number;
}

/** The URL parameters of the explorer (the range bar's are the app's own). */
export const SEARCH_KEYS = ['q', 'severity', 'server', 'tag', 'set', 'type', 'lpage'] as const;

const SEVERITIES = ['info', 'warning', 'critical'] as const;
const TYPES = ['EVENTLOG', 'SYSLOG', 'FILE'] as const;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' => (list as readonly string[]).includes(v ?? '') ? (v as T) : '';

/** Reads the filters from the URL; a bad value is no filter. */
export function parseSearch(p: URLSearchParams): SearchState {
  const id = (k: string) => (/^\d{1,15}$/.test(p.get(k) ?? '') && Number(p.get(k)) > 0 ? Number(p.get(k)) : null);
  return {
    q: p.get('q') ?? '',
    severity: oneOf(SEVERITIES, p.get('severity')),
    server: id('server'),
    tag: id('tag'),
    set: id('set'),
    type: oneOf(TYPES, p.get('type')),
    page: id('lpage') ?? 0,
  };
}

/**
 * The API request of the filters over the range bar's window (minutes, both inclusive: the last
 * minute is read to its 59th second). A range longer than the API's 7 days searches its last 7 days;
 * `clipped` says so.
 */
export function toRequest(s: SearchState, w: Pick<Window, 'from' | 'to'>): { request: LogSearchRequest; clipped: boolean } {
  const end = w.to + 59;
  const start = Math.max(w.from, end - LOG_SEARCH_MAX_WINDOW);
  const one = (id: number | null) => (id === null ? [] : [id]);
  return {
    request: {
      filter: s.q.trim(), severity: s.severity, servers: one(s.server), tags: one(s.tag), sets: one(s.set), sourceTypes: s.type ? [s.type] : [],
      start, end, limit: SEARCH_PAGE, page: s.page,
    },
    clipped: start > w.from,
  };
}

/** The log page at the minute of a message, keeping the range (`rangeSearch`) so its chart shows that minute. */
export function logAtMinute(logId: number, time: number, rangeSearch: URLSearchParams): string {
  const minute = Math.floor(time / 60) * 60;
  const q: Record<string, string> = Object.fromEntries(rangeSearch);
  return withQuery(paths.log(logId), { ...q, mfrom: minute, mto: minute });
}
