import type { Window } from '../../lib/time-range';

/** Which messages the log page lists, from its URL parameters. */
export type MessageWindow = { kind: 'tail' } | { kind: 'minutes'; from: number; to: number; label: string };

/** How far back the live tail reads: a few minutes, as collectors upload each minute. */
export const TAIL_SECONDS = 300;

/**
 * `tail=1` follows the newest minutes; `mfrom`/`mto` are minutes picked on the chart (or the whole
 * range); without them the last 15 minutes of the range are shown, so a first look is never empty-handed.
 */
export function messageWindow(p: URLSearchParams, w: Window): MessageWindow {
  if (p.get('tail') === '1') return { kind: 'tail' };
  const num = (k: string) => (/^\d+$/.test(p.get(k) ?? '') ? Number(p.get(k)) : null);
  const from = num('mfrom');
  const to = num('mto') ?? from;
  if (from !== null && to !== null && from <= to) return { kind: 'minutes', from, to, label: from === to ? 'minute' : 'range' };
  return { kind: 'minutes', from: Math.max(w.from, w.to - 14 * 60), to: w.to, label: 'last 15 minutes' };
}

/** The minutes to read for a message window at `now` (epoch seconds). */
export function messageSpan(m: MessageWindow, now: number): { from: number; to: number } {
  if (m.kind === 'minutes') return { from: m.from, to: m.to };
  const to = Math.floor(now / 60) * 60;
  return { from: to - TAIL_SECONDS, to };
}
