import { createHash } from 'node:crypto';
import type { PostableAlert } from '../../shared/external-alerts';
import type { ExternalAlertRecord, ExternalAlertUpsert } from '../store/repos/external-alerts';

/** How long an alert sent without endsAt stays firing without a resend (Alertmanager's resolve_timeout). */
export const RESOLVE_TIMEOUT_S = 300;

/**
 * The stable identity of a label set: SHA-256 over the labels sorted by name, each name and value
 * ended by a 0xff byte (which no UTF-8 text contains), first 16 bytes in hex. Annotations play no part,
 * as in Alertmanager: a changed summary is the same alert.
 */
export function fingerprint(labels: Readonly<Record<string, string>>): string {
  const h = createHash('sha256');
  for (const name of Object.keys(labels).sort()) h.update(name).update('\xff').update(labels[name]!).update('\xff');
  return h.digest('hex').slice(0, 32);
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * A posted alert as it is stored: times in epoch seconds, an unset startsAt is now, an unset endsAt is
 * now + RESOLVE_TIMEOUT_S (Alertmanager's defaults). `now` is epoch seconds.
 */
export function received(a: PostableAlert, now: number): ExternalAlertUpsert {
  const startsAt = a.startsAt === null ? now : seconds(a.startsAt);
  const endsAt = a.endsAt === null ? Math.max(now, startsAt) + RESOLVE_TIMEOUT_S : seconds(a.endsAt);
  return {
    fingerprint: fingerprint(a.labels),
    alertname: a.labels.alertname ?? '',
    labels: a.labels,
    annotations: a.annotations,
    generatorUrl: a.generatorURL,
    startsAt,
    endsAt,
  };
}

/** The minute a time falls in: incidents start and end on minutes, as every alert history does. */
export const minuteOf = (t: number) => Math.floor(t / 60) * 60;

/** What a received alert does to its incident. */
export type ReceivedVerdict = { kind: 'open'; start: number } | { kind: 'resolve'; historyId: number; end: number } | { kind: 'none' };

/**
 * Alertmanager's semantics: an alert whose endsAt is still ahead fires (opening an incident unless
 * one is open: a resend only refreshes the record); one whose endsAt has passed is resolved (ending
 * the open incident at that minute). An alert first seen already resolved opens nothing.
 */
export function decideReceived(current: Pick<ExternalAlertRecord, 'historyId'> | undefined, a: ExternalAlertUpsert, now: number): ReceivedVerdict {
  const open = current?.historyId ?? null;
  if (a.endsAt > now) return open === null ? { kind: 'open', start: minuteOf(a.startsAt) } : { kind: 'none' };
  return open === null ? { kind: 'none' } : { kind: 'resolve', historyId: open, end: minuteOf(a.endsAt) };
}

/** One alert per fingerprint in a request: the last one sent wins, as when they come in two requests. */
export function lastPerFingerprint(alerts: readonly ExternalAlertUpsert[]): ExternalAlertUpsert[] {
  return [...new Map(alerts.map((a) => [a.fingerprint, a])).values()];
}
