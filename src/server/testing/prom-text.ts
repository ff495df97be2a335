import { parsePromText, type PromExposition } from '../ingest/prom-text';

/** A parsed exposition (the scraper's strict parser: a line it cannot read throws, naming it). */
export type PromText = PromExposition;
export { parsePromText };

/** The value of the one sample of `name` whose labels include `labels` (summed when several match; 0 when none). */
export function sampleValue(p: PromText, name: string, labels: Record<string, string> = {}): number {
  return p.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);
}
