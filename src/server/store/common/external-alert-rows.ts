import { z } from 'zod';
import type { ExternalAlertRecord, IngestTokenRecord } from '../repos/external-alerts';

/** A row of external_alerts as both stores read it (label sets: JSON text on SQLite, jsonb on PostgreSQL). */
export interface ExternalAlertRow {
  id: number;
  fingerprint: string;
  alertname: string;
  labels: unknown;
  annotations: unknown;
  generator_url: string;
  starts_at: number;
  ends_at: number;
  first_seen: number;
  last_seen: number;
  history_id: number | null;
  last_history_id: number | null;
  last_notified: number | null;
}

export const EXTERNAL_COLUMNS =
  'id, fingerprint, alertname, labels, annotations, generator_url, starts_at, ends_at, first_seen, last_seen, history_id, last_history_id, last_notified';

// What a row holds is read as any input: a damaged set reads as empty, never a failure.
const stringMap = z.record(z.string(), z.string()).catch({});

/** A label set column (JSON text or parsed jsonb) as a map; anything else reads as empty. */
export function labelsOf(raw: unknown): Record<string, string> {
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      v = {};
    }
  }
  return stringMap.parse(v ?? {});
}

export const toExternalAlert = (r: ExternalAlertRow): ExternalAlertRecord => ({
  id: Number(r.id),
  fingerprint: r.fingerprint,
  alertname: r.alertname,
  labels: labelsOf(r.labels),
  annotations: labelsOf(r.annotations),
  generatorUrl: r.generator_url,
  startsAt: Number(r.starts_at),
  endsAt: Number(r.ends_at),
  firstSeen: Number(r.first_seen),
  lastSeen: Number(r.last_seen),
  historyId: r.history_id === null ? null : Number(r.history_id),
  lastHistoryId: r.last_history_id === null ? null : Number(r.last_history_id),
  lastNotified: r.last_notified === null ? null : Number(r.last_notified),
});

export interface IngestTokenRow {
  id: number;
  name: string;
  lookup: string;
  created: number;
  created_by: number | null;
  last_used: number | null;
}

export const INGEST_TOKEN_COLUMNS = 'id, name, lookup, created, created_by, last_used';

export const toIngestToken = (r: IngestTokenRow): IngestTokenRecord => ({
  id: Number(r.id),
  name: r.name,
  lookup: r.lookup,
  created: Number(r.created),
  createdBy: r.created_by === null ? null : Number(r.created_by),
  lastUsed: r.last_used === null ? null : Number(r.last_used),
});

/** The message columns a step saves on its history, in this order: subject, html, json, text, sms. */
export const messageColumns = (m: { subject: string; html: string; json: string; text: string; sms: string }) => [m.subject, m.html, m.json, m.text, m.sms] as const;
