/** A keyboard shortcut: keys pressed in sequence ("g f") or alone ("?"). */
export interface Shortcut {
  keys: string;
  description: string;
  action: string;
}

/** Every shortcut of the dashboard, shown by the "?" help panel. Actions are handled by the layout. */
export const SHORTCUTS: Shortcut[] = [
  { keys: '?', description: 'Show or hide this help', action: 'help' },
  { keys: 'g f', description: 'Go to the fleet overview', action: 'go:fleet' },
  { keys: 'g a', description: 'Go to applications', action: 'go:applications' },
  { keys: 'g l', description: 'Go to logs', action: 'go:logs' },
  { keys: 'g p', description: 'Go to polled data', action: 'go:polled' },
  { keys: 'g b', description: 'Go to StatsD buckets', action: 'go:buckets' },
  { keys: '/', description: 'Focus the filter of the page', action: 'focus-filter' },
  { keys: '1', description: 'Range: last hour', action: 'range:1h' },
  { keys: '2', description: 'Range: last 6 hours', action: 'range:6h' },
  { keys: '3', description: 'Range: last 24 hours', action: 'range:24h' },
  { keys: '4', description: 'Range: last 7 days', action: 'range:7d' },
  { keys: '5', description: 'Range: last 30 days', action: 'range:30d' },
  { keys: 'p', description: 'Pause or resume auto-refresh', action: 'pause' },
  { keys: 'd', description: 'Toggle dark mode', action: 'theme' },
  { keys: 'Escape', description: 'Close panels', action: 'close' },
];

/**
 * Matches a key against the shortcuts given the previous key of a sequence. Returns the action, the
 * pending prefix to remember (for "g"), or nothing.
 */
export function matchShortcut(key: string, pending: string | null, list: Shortcut[] = SHORTCUTS): { action?: string; pending: string | null } {
  const typed = pending ? `${pending} ${key}` : key;
  const hit = list.find((s) => s.keys === typed);
  if (hit) return { action: hit.action, pending: null };
  if (!pending && list.some((s) => s.keys.startsWith(`${key} `))) return { pending: key };
  if (pending) return matchShortcut(key, null, list);
  return { pending: null };
}

/** True when the key event comes from a place where typing must not trigger shortcuts. */
export function isTypingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}
