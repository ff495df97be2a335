// How rows of the silences table read and write, the same on both stores (SQLite's id lists are JSON text).
import { z } from 'zod';
import { labelMatcher, type LabelMatcher } from '../../shared/incident-response';
import type { NewNotification } from './repos/alert-engine';
import type { ServerScope, SilenceRecord, SilenceWrite } from './repos/silences';

/** A silences row once its id lists are numbers. */
export interface SilenceRow<L> {
  id: number;
  alerts: L;
  servers: L;
  server_tags: L;
  server_sets: L;
  alert_name: string;
  /** JSON text on SQLite, parsed jsonb on PostgreSQL. */
  matchers: unknown;
  start: number;
  end: number;
  reason: string;
  created_by: number | null;
  created: number;
}

export const toSilenceRecord = <L>(r: SilenceRow<L>, ids: (list: L) => number[]): SilenceRecord => ({
  id: r.id,
  alerts: ids(r.alerts),
  servers: ids(r.servers),
  serverTags: ids(r.server_tags),
  serverSets: ids(r.server_sets),
  alertName: r.alert_name,
  matchers: storedMatchers(r.matchers),
  start: r.start,
  end: r.end,
  reason: r.reason,
  createdBy: r.created_by,
  created: r.created,
});

/** Each matcher once per id, in order, as stored. */
const norm = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The columns a write sets, in this order: alerts, servers, server_tags, server_sets, alert_name, start, "end", reason, created_by, matchers (JSON). */
export const silenceColumns = <L>(w: SilenceWrite, list: (ids: number[]) => L) =>
  [list(norm(w.alerts)), list(norm(w.servers)), list(norm(w.serverTags)), list(norm(w.serverSets)), w.alertName, w.start, w.end, w.reason, w.createdBy, JSON.stringify(w.matchers)] as const;

// What a row holds is read as any input: damaged matchers read as none, never a failure.
const matcherList = z.array(labelMatcher).catch([]);
function storedMatchers(raw: unknown): LabelMatcher[] {
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      v = [];
    }
  }
  return matcherList.parse(v ?? []);
}

/** The 'silenced' event's data: which silence held the incident's notifications back, and why. */
export const silencedEventData = (silence: { id: number; reason: string }) => JSON.stringify({ silence_id: silence.id, reason: silence.reason });

/** Each server's tags (from its memberships) and the sets those tags put it in (a set holds the servers of any of its tags). */
export function scopesOf(serverIds: number[], memberships: { server_id: number; tag_id: number }[], setTags: { tag_id: number; set_id: number }[]): ServerScope[] {
  return serverIds.map((id) => {
    const tags = memberships.filter((m) => m.server_id === id).map((m) => m.tag_id);
    const sets = [...new Set(setTags.filter((s) => tags.includes(s.tag_id)).map((s) => s.set_id))].sort((a, b) => a - b);
    return { id, tags, sets };
  });
}

/** The outbox state a new notification is written in: held back by a silence, sent by a transport, or kept in the store. */
export const notificationState = (n: Pick<NewNotification, 'host' | 'silenced'>): 'silenced' | 'pending' | 'kept' => (n.silenced ? 'silenced' : n.host ? 'pending' : 'kept');
