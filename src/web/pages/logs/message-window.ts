import type { Window } from '../../lib/time-range';

/** Which messages the log page lists, from its URL parameters. */
export type MessageWindow = { kind: 'tail' } | { kind: 'minutes'; from: number; to: number; label: string };

/** How far back the live tail reads: a few minutes, as collectors upload each minute. */
export const TAIL_SECONDS = 300;

/**
 * `tail=1` follows the newest minutes; `mfrom`/`mto` are minutes picked on the chart; without them
 * the messages are those of the global range, the same minutes the chart above shows (newest first,
 * paged), so a chart full of messages never sits over "No messages".
 */
export function messageWindow(p: URLSearchParams, w: Window): MessageWindow {
  if (p.get('tail') === '1') return { kind: 'tail' };
  const num = (k: string) => (/^\d+$/.test(p.get(k) ?? '') ? Number(p.get(k)) : null);
  const from = num('mfrom');
  const to = num('mto') ?? from;
  if (from !== null && to !== null && from <= to) return { kind: 'minutes', from, to, label: from === to ? 'minute' : 'range' };
  return { kind: 'minutes', from: w.from, to: w.to, label: 'range' };
}

/** The minutes to read for a message window at `now` (epoch seconds). */
export function messageSpan(m: MessageWindow, now: number): { from: number; to: number } {
  if (m.kind === 'minutes') return { from: m.from, to: m.to };
  const to = Math.floor(now / 60) * 60;
  return { from: to - TAIL_SECONDS, to };
}
