import { z } from 'zod';
import { silenceInput, type Silence } from '../../../shared/incident-response';
import { formatUtcSeconds, parseUtcMinute } from '../../../shared/utc-time';
import type { SilenceFormInput } from '../../api/silences';
import { namesOf } from '../../lib/choices';
import { formatSpan } from '../../lib/silence-presets';
import { matcherLabel, matchersText, parseMatchers } from './label-matchers';

/** `yyyy-mm-dd hh:mm` UTC of epoch seconds, as the date fields hold it. */
export const utcMinute = (t: number) => formatUtcSeconds(t).slice(0, 16);

/** The lengths offered when a silence ends after a duration (seconds). */
export const DURATIONS = [1800, 3600, 2 * 3600, 4 * 3600, 8 * 3600, 86400, 3 * 86400, 7 * 86400] as const;

/** The form's values: matchers by id (picked by name), times as UTC minutes picked in the browser's zone. */
export interface SilenceFormValues {
  alerts: number[];
  servers: number[];
  serverTags: number[];
  serverSets: number[];
  alertName: string;
  /** Label matchers of external (Prometheus) alerts, one per line: name="value", name!="value", name=~"re", name!~"re". */
  matchers: string;
  /** Blank: now. */
  start: string;
  ends: 'duration' | 'at';
  /** Seconds, as chosen. */
  duration: string;
  end: string;
  reason: string;
}

/** A silence's values, or a new one's: from now, for an hour. */
export function silenceFormOf(s: Silence | undefined): SilenceFormValues {
  if (!s) return { alerts: [], servers: [], serverTags: [], serverSets: [], alertName: '', matchers: '', start: '', ends: 'duration', duration: '3600', end: '', reason: '' };
  return {
    alerts: s.alerts,
    servers: s.servers,
    serverTags: s.server_tags,
    serverSets: s.server_sets,
    alertName: s.alert_name,
    matchers: matchersText(s.matchers),
    start: utcMinute(s.start),
    ends: 'at',
    duration: '3600',
    end: utcMinute(s.end),
    reason: s.reason,
  };
}

/** A UTC minute as epoch seconds; what is not one goes as typed, for the service's message. */
const epoch = (utc: string): number | string => parseUtcMinute(utc.trim()) ?? utc.trim();

/** What is sent: every matcher (an empty one matches all), the start when given, the end or the duration. */
export function silenceInputOf(v: SilenceFormValues): SilenceFormInput {
  return {
    alerts: v.alerts,
    servers: v.servers,
    server_tags: v.serverTags,
    server_sets: v.serverSets,
    alert_name: v.alertName.trim(),
    // A line that is not a matcher goes as typed: the form's rules name it (formRules).
    ...(() => {
      const m = parseMatchers(v.matchers);
      return 'bad' in m ? { matchers: v.matchers } : m.matchers.length ? { matchers: m.matchers } : {};
    })(),
    reason: v.reason,
    ...(v.start.trim() ? { start: epoch(v.start) } : {}),
    ...(v.ends === 'at' ? (v.end.trim() ? { end: epoch(v.end) } : {}) : { duration: Number(v.duration) }),
  };
}

/**
 * What the form can tell before asking the service, on the fields it concerns: at least one matcher
 * (a silence of everything is refused), and an end or a duration. Only input that passes these goes
 * on to the shared schema: its rules over several fields name no field, and shown beside these they
 * said the same thing twice, once in the API's words.
 */
const MATCHERS = ['alerts', 'servers', 'server_tags', 'server_sets', 'alert_name', 'matchers'] as const;
const given = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');
const formRules = z.record(z.string(), z.unknown()).superRefine((s, ctx) => {
  if (!MATCHERS.some((k) => given(s[k]))) {
    ctx.addIssue({ code: 'custom', path: ['alerts'], message: 'choose at least one alert, server, tag, set or alert name to silence' });
  }
  if (typeof s.matchers === 'string') {
    const m = parseMatchers(s.matchers);
    const line = 'bad' in m ? m.bad : s.matchers;
    ctx.addIssue({ code: 'custom', path: ['matchers'], message: `not a matcher: ${line} (write name="value", name!="value", name=~"regex" or name!~"regex")` });
  }
  if (s.end === undefined && s.duration === undefined) ctx.addIssue({ code: 'custom', path: ['end'], message: 'choose when the silence ends' });
});

/** The form's own rules, then the shared input schema. */
export const silenceFormSchema = formRules.pipe(silenceInput);

const STATE_ORDER: Record<Silence['state'], number> = { active: 0, pending: 1, expired: 2 };

/** Active silences first, then those to come (soonest first), then the expired ones (latest first). */
export function orderSilences(list: Silence[]): Silence[] {
  return [...list].sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || (a.state === 'pending' ? a.start - b.start : b.end - a.end) || b.id - a.id);
}

/** "Active, 45 min left", "Starts in 2 h", "Expired". */
export function stateText(s: Pick<Silence, 'state' | 'start' | 'end'>, now: number): string {
  if (s.state === 'active') return `Active, ${formatSpan(s.end - now)} left`;
  if (s.state === 'pending') return `Starts in ${formatSpan(s.start - now)}`;
  return 'Expired';
}

type Names = ReadonlyMap<number, string> | undefined;

/** What a silence matches, by name: "alerts: Disk full; servers: web-01; name contains "backup"". */
export function matcherText(s: Pick<Silence, 'alerts' | 'servers' | 'server_tags' | 'server_sets' | 'alert_name'> & Partial<Pick<Silence, 'matchers'>>, n: { alerts?: Names; servers?: Names; tags?: Names; sets?: Names }): string {
  const parts = [
    s.alerts.length ? `alerts: ${namesOf(s.alerts, n.alerts)}` : '',
    s.servers.length ? `servers: ${namesOf(s.servers, n.servers)}` : '',
    s.server_tags.length ? `tags: ${namesOf(s.server_tags, n.tags)}` : '',
    s.server_sets.length ? `sets: ${namesOf(s.server_sets, n.sets)}` : '',
    s.alert_name ? `name contains "${s.alert_name}"` : '',
    s.matchers?.length ? `labels: ${s.matchers.map(matcherLabel).join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ') || 'everything';
}
