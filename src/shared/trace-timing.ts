import { z } from 'zod';

/**
 * The one computation of a call's times, used by the trace service (each transaction's `timing` and
 * the request's duration) and the dashboard (list, trace header, graph labels, waterfall), so the same
 * request reads the same duration everywhere.
 *
 * A side of a call is either a logged message (AFURL by the serving process, AFSQL by the issuing
 * one: that request's own start and duration) or a socket connection of a minute (its average
 * response time over every call on the socket that minute, which is not this request's time).
 */

/** One side of a call as its own server's clock saw it; `exact` for a logged message. */
export interface CallSide {
  /** Fractional epoch seconds (a connection: its minute). */
  start: number;
  /** Seconds (a connection: the socket's average over the minute). */
  duration: number;
  exact: boolean;
}

/** The times of one call of a trace (the `timing` of a trace transaction). */
export const callTimingSchema = z.object({
  /**
   * This call's duration, seconds: the logged message's own duration (the serving process's when it
   * logged one, else the caller's), exactly as the transaction list shows it; null when neither side
   * logged this call (only per-minute averages are known).
   */
  duration: z.number().nullable(),
  measuredBy: z.enum(['server', 'client']).nullable(),
  /** When duration is null: the socket's per-minute average (the caller's side first), not this request's time. */
  average: z.number().nullable(),
  /** The measured side's start on the initial server's clock (its skew removed when known); null when not measured. */
  start: z.number().nullable(),
  /** 'unknown': the measured side's server has no clock offset against the initial one, so start is as logged. */
  clock: z.enum(['known', 'unknown']).nullable(),
  /** Client minus server duration when both sides logged this call (may be negative, as the spec allows); else null. */
  latency: z.number().nullable(),
  /** Why latency is null: a side is a per-minute average, or there is one side only (the outside world). */
  latencyGap: z.enum(['client-average', 'server-average', 'both-average', 'one-side']).nullable(),
});
export type CallTiming = z.infer<typeof callTimingSchema>;
type LatencyGap = NonNullable<CallTiming['latencyGap']>;

/**
 * The times of a call from its two sides (null: the outside world) and their servers' clock skews
 * against the initial server (null or undefined: unknown; 0 for the initial server itself).
 */
export function callTiming(client: CallSide | null, server: CallSide | null, skews: { client?: number | null; server?: number | null } = {}): CallTiming {
  // The serving process's message first: the transaction list of that process shows the same number.
  const [measured, by, skew] = server?.exact ? [server, 'server' as const, skews.server] : client?.exact ? [client, 'client' as const, skews.client] : [null, null, null];
  let start: number | null = null;
  let clock: CallTiming['clock'] = null;
  if (measured) {
    const known = skew !== null && skew !== undefined;
    start = measured.start - (known ? skew : 0);
    clock = known ? 'known' : 'unknown';
  }
  const both = client?.exact === true && server?.exact === true;
  return {
    duration: measured ? measured.duration : null,
    measuredBy: by,
    average: measured ? null : (client && !client.exact ? client.duration : server && !server.exact ? server.duration : null),
    start,
    clock,
    latency: both ? client.duration - server.duration : null,
    latencyGap: both ? null : latencyGap(client, server),
  };
}

function latencyGap(client: CallSide | null, server: CallSide | null): LatencyGap {
  if (!client || !server) return 'one-side';
  if (!client.exact && !server.exact) return 'both-average';
  return client.exact ? 'server-average' : 'client-average';
}
