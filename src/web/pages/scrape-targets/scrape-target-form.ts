import { SCRAPE_INTERVAL, type ScrapeTarget } from '../../../shared/scrape-targets';
import type { ScrapeTargetFormInput } from '../../api/scrape-targets';

/** The form's values: text fields as typed. */
export interface ScrapeTargetFormValues {
  url: string;
  interval: string;
  /** One `name=value` a line. */
  labels: string;
}

export function scrapeTargetFormOf(t: ScrapeTarget | undefined): ScrapeTargetFormValues {
  return {
    url: t?.url ?? '',
    interval: String(t?.interval ?? SCRAPE_INTERVAL.default),
    labels: Object.entries(t?.labels ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  };
}

/**
 * Labels from `name=value` lines (blank lines skipped). A line without `=` leaves the text as it is:
 * the shared schema then refuses it at the labels field, as the service would.
 */
export function parseLabelLines(text: string): Record<string, string> | string {
  const out: [string, string][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return text;
    out.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
  }
  return Object.fromEntries(out);
}

export function scrapeTargetInputOf(v: ScrapeTargetFormValues): ScrapeTargetFormInput {
  const interval = v.interval.trim();
  // A number when it reads as one; otherwise the text, for the shared schema to refuse at its field.
  return { url: v.url.trim(), interval: /^\d+$/.test(interval) ? Number(interval) : interval, labels: parseLabelLines(v.labels) };
}

/** "3 min ago" style age of the last scrape, or "never". */
export function scrapeAge(lastScrape: number | null, now: number): string {
  if (lastScrape === null) return 'never';
  const s = Math.max(0, now - lastScrape);
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}
