import type { ScrapeTargetRecord } from '../repos/scrape-targets';
import { parseJson } from './util';

/** A scrape_targets row as both stores read it (labels as JSON text on SQLite, jsonb on PostgreSQL). */
export interface ScrapeTargetRow {
  id: number | string;
  account_id: number | string;
  url: string;
  interval_s: number;
  labels: string | Record<string, unknown>;
  last_scrape: number | string | null;
  last_error: string | null;
  server_id: number | string | null;
  counters: string | null;
  created: number | string;
}

export const SCRAPE_TARGET_COLS = 'id, account_id, url, interval_s, labels, last_scrape, last_error, server_id, counters, created';

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Labels as stored, keeping only string values (a damaged row reads as no labels rather than failing). */
function labelsOf(v: string | Record<string, unknown>): Record<string, string> {
  const o = typeof v === 'string' ? parseJson<unknown>(v, {}) : v;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return {};
  return Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function toScrapeTarget(r: ScrapeTargetRow): ScrapeTargetRecord {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    url: r.url,
    interval: Number(r.interval_s),
    labels: labelsOf(r.labels),
    lastScrape: num(r.last_scrape),
    lastError: r.last_error,
    serverId: num(r.server_id),
    counters: r.counters,
    created: Number(r.created),
  };
}
