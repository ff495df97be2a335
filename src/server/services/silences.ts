import type { Silence, SilenceInput } from '../../shared/incident-response';
import { incidentPaths } from '../../shared/incident-response';
import { patternProblem } from '../alerting/pattern';
import { silenceState } from '../alerting/silence-match';
import type { SilenceRecord, SilenceWrite } from '../store/repos/silences';
import type { Store } from '../store/store';

/** A rule a silence breaks, naming the field when one is to blame (the route answers it as a 400). */
export interface SilenceProblem {
  field?: string;
  message: string;
}

/**
 * The silence to write from a checked input: `start` defaults to `defaultStart` (now on create, the
 * silence's own start on update), `end` is given or start + duration, and must come after start.
 */
export function silenceWrite(input: SilenceInput, defaultStart: number, createdBy: number | null): SilenceWrite | SilenceProblem {
  const start = input.start ?? defaultStart;
  const end = input.end ?? start + (input.duration ?? 0);
  for (const m of input.matchers) {
    // Anchored as the engine runs it (silence-match.ts), on RE2 as every pattern of the service.
    const problem = m.isRegex ? patternProblem(`^(?:${m.value})$`) : null;
    if (problem) return { field: 'matchers', message: `matchers: ${m.name}=~${JSON.stringify(m.value)} is not a valid regular expression (${problem.replace(/^reg_exp must be a regular expression without backreferences or lookaround \((.*)\)$/, '$1')})` };
  }
  if (end <= start) {
    const from = input.start === undefined ? ` (${new Date(start * 1000).toISOString()}, as start was not given)` : '';
    return { field: 'end', message: `end must be after start${from}` };
  }
  return {
    alerts: input.alerts,
    servers: input.servers,
    serverTags: input.server_tags,
    serverSets: input.server_sets,
    alertName: input.alert_name,
    matchers: input.matchers,
    start,
    end,
    reason: input.reason,
    createdBy,
  };
}

const unknown = async (ids: number[], exists: (id: number) => Promise<boolean>) => {
  const found = await Promise.all([...new Set(ids)].map(async (id) => ((await exists(id)) ? null : id)));
  return found.filter((id): id is number => id !== null);
};

/** The first matcher naming an alert, server, tag or set the account does not have (another account's ids included). */
export async function unknownReference(store: Store, accountId: number, w: SilenceWrite): Promise<SilenceProblem | null> {
  const checks: [string, string, () => Promise<number[]>][] = [
    ['alerts', 'alert', () => unknown(w.alerts, async (id) => (await store.alerts.get(accountId, id)) !== null)],
    ['servers', 'server', () => store.servers.missing(accountId, w.servers)],
    ['server_tags', 'server tag', () => store.serverTags.missing(accountId, w.serverTags)],
    ['server_sets', 'server set', () => unknown(w.serverSets, async (id) => (await store.serverSets.get(accountId, id)) !== null)],
  ];
  for (const [field, what, missing] of checks) {
    const ids = await missing();
    if (ids.length) return { field, message: `${field}: no ${what} with id ${ids.join(', ')}` };
  }
  return null;
}

/** A silence as the API answers it, its state by the service clock. */
export const toSilenceItem = (r: SilenceRecord, now: number): Silence => ({
  id: r.id,
  alerts: r.alerts,
  servers: r.servers,
  server_tags: r.serverTags,
  server_sets: r.serverSets,
  alert_name: r.alertName,
  matchers: r.matchers,
  start: r.start,
  end: r.end,
  reason: r.reason,
  created_by: r.createdBy,
  created: r.created,
  state: silenceState(r, now),
  url: incidentPaths.silence(r.id),
});
