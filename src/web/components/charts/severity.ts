import type { ThemedColor } from './palette';

/** Log severities, most severe first. */
export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * One severity palette for the log chart, its legend and the message list: critical red, warning
 * amber, info blue. `text` classes are for text on the page background (contrast checked by axe).
 */
export const SEVERITY: Record<Severity, { label: string; color: ThemedColor; text: string }> = {
  critical: { label: 'Critical', color: { light: '#dc2626', dark: '#f87171' }, text: 'text-red-700 dark:text-red-400' },
  warning: { label: 'Warning', color: { light: '#d97706', dark: '#fbbf24' }, text: 'text-amber-700 dark:text-amber-300' },
  info: { label: 'Info', color: { light: '#2563eb', dark: '#60a5fa' }, text: 'text-blue-700 dark:text-blue-300' },
};

/** A message's severity as one of ours (the API matches case-insensitively, so it may arrive in any case). */
export function severityOf(s: string | undefined): Severity | null {
  const v = s?.toLowerCase();
  return v === 'critical' || v === 'warning' || v === 'info' ? v : null;
}
