import { EXTERNAL_INTERVAL_DEFAULT_MIN } from '../../../shared/incident-response';
import { EXTERNAL_ALERT_TYPE } from '../../../shared/external-alerts';
import { EXTERNAL_COLUMNS, messageColumns, toExternalAlert, type ExternalAlertRow } from '../common/external-alert-rows';
import type { ExternalAlertRepo, ExternalApplied, ExternalStep, ExternalWrite } from '../repos/external-alerts';
import type { Pg, Tx } from './db';
import { endWalk, startWalk } from './escalations';
import { enqueueNotifications } from './outbox';
import { markSilenced } from './silence-marks';

const SELECT = `SELECT ${EXTERNAL_COLUMNS} FROM external_alerts`;
const PREFIXED = EXTERNAL_COLUMNS.split(', ').map((c) => `e.${c}`).join(', ');
type DueRow = ExternalAlertRow & { account_id: number; expired: boolean };

/**
 * One step of an external alert's incident inside `tx`, after the record's row was locked (by its
 * upsert or FOR UPDATE), so two requests about the same alert take turns and the second sees what the
 * first wrote; each step is guarded against a stale decision as on SQLite.
 */
async function step(tx: Tx, accountId: number, row: ExternalAlertRow, p: ExternalStep, now: number, out: ExternalApplied): Promise<void> {
  const id = Number(row.id);
  // The outbox runs on the wall clock, as the alert engine's writes do (the service clock may be a test's).
  const nowMs = Date.now();
  if (p.kind === 'open') {
    if (row.history_id !== null) return;
    // A new incident never starts inside the previous one of the same alert.
    const prev = row.last_history_id === null ? null : await tx.row<{ end: number | null }>('SELECT "end" FROM alert_histories WHERE account_id = $1 AND id = $2', [accountId, row.last_history_id]);
    const start = Math.max(p.start, prev?.end ?? p.start);
    const historyId = Number(
      (await tx.row<{ id: number }>(
        `INSERT INTO alert_histories (account_id, alert_id, start, subject, alert_name, alert_type, server_id, breaching_servers, external_alert_id, labels, generator_url)
         VALUES ($1, 0, $2, '', $3, '${EXTERNAL_ALERT_TYPE}', NULL, '[]'::jsonb, $4, $5::jsonb, $6) RETURNING id`,
        [accountId, start, row.alertname, id, JSON.stringify(row.labels), row.generator_url],
      ))!.id,
    );
    const m = p.render(historyId);
    await tx.exec('UPDATE alert_histories SET subject = $1, html = $2, json = $3, text = $4, sms = $5 WHERE account_id = $6 AND id = $7', [...messageColumns(m), accountId, historyId]);
    await tx.exec('UPDATE external_alerts SET history_id = $1, last_history_id = $1, last_notified = $2 WHERE account_id = $3 AND id = $4', [historyId, now, accountId, id]);
    if (p.escalation) await startWalk(tx, accountId, historyId, 0, p.escalation);
    const mails = p.notifications(historyId, m);
    await enqueueNotifications(tx, accountId, mails, nowMs);
    await markSilenced(tx, accountId, historyId, p.silence, now);
    out.opened++;
    out.notified += mails.length;
  } else if (p.kind === 'resolve') {
    if (Number(row.history_id) !== p.historyId) return;
    await tx.exec('UPDATE external_alerts SET history_id = NULL WHERE account_id = $1 AND id = $2', [accountId, id]);
    await tx.exec('UPDATE alert_histories SET "end" = GREATEST(start, $3) WHERE account_id = $1 AND id = $2 AND "end" IS NULL', [accountId, p.historyId, p.end]);
    await endWalk(tx, accountId, p.historyId);
    const mails = p.notifications(p.historyId, p.render(p.historyId));
    await enqueueNotifications(tx, accountId, mails, nowMs);
    await markSilenced(tx, accountId, p.historyId, p.silence, now);
    out.resolved++;
    out.notified += mails.length;
  } else {
    const n = await tx.exec(
      `UPDATE external_alerts SET last_notified = $1 WHERE account_id = $2 AND id = $3 AND history_id = $4 AND last_notified = $5
         AND NOT EXISTS (SELECT 1 FROM alert_histories h WHERE h.account_id = $2 AND h.id = $4 AND h.acknowledged_at IS NOT NULL)`,
      [p.at, accountId, id, p.historyId, p.lastNotified],
    );
    if (n === 0) return;
    const mails = p.notifications(p.historyId, p.message);
    await enqueueNotifications(tx, accountId, mails, nowMs);
    await markSilenced(tx, accountId, p.historyId, p.silence, now);
    out.reminded++;
    out.notified += mails.length;
  }
}

export function pgExternalAlerts(pg: Pg): ExternalAlertRepo {
  return {
    async byFingerprints(accountId, fingerprints) {
      const rows = await pg.rows<ExternalAlertRow>(`${SELECT} WHERE account_id = $1 AND fingerprint = ANY($2::text[])`, [accountId, fingerprints]);
      return new Map(rows.map((r) => [r.fingerprint, toExternalAlert(r)]));
    },
    async apply(accountId, writes: ExternalWrite[], now) {
      return pg.tx(async (tx) => {
        const out: ExternalApplied = { opened: 0, resolved: 0, reminded: 0, notified: 0 };
        for (const w of writes) {
          const a = w.alert;
          const row = a
            ? await tx.row<ExternalAlertRow>(
                `INSERT INTO external_alerts (account_id, fingerprint, alertname, labels, annotations, generator_url, starts_at, ends_at, first_seen, last_seen)
                 VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $9)
                 ON CONFLICT (account_id, fingerprint) DO UPDATE SET alertname = excluded.alertname, annotations = excluded.annotations,
                   generator_url = excluded.generator_url, starts_at = excluded.starts_at, ends_at = excluded.ends_at, last_seen = excluded.last_seen
                 RETURNING ${EXTERNAL_COLUMNS}`,
                [accountId, a.fingerprint, a.alertname, JSON.stringify(a.labels), JSON.stringify(a.annotations), a.generatorUrl, a.startsAt, a.endsAt, now],
              )
            : w.id !== undefined
              ? await tx.row<ExternalAlertRow>(`${SELECT} WHERE account_id = $1 AND id = $2 FOR UPDATE`, [accountId, w.id])
              : null;
          if (row && w.step) await step(tx, accountId, row, w.step, now, out);
        }
        return out;
      });
    },
    async due(now, limit) {
      const rows = await pg.rows<DueRow>(
        `SELECT e.account_id, ${PREFIXED}, e.ends_at <= $1 AS expired
           FROM external_alerts e
           JOIN alert_histories h ON h.account_id = e.account_id AND h.id = e.history_id
           LEFT JOIN notification_settings s ON s.account_id = e.account_id
          WHERE e.history_id IS NOT NULL AND (e.ends_at <= $1
            OR (h.acknowledged_at IS NULL AND e.last_notified + coalesce(s.external_alert_interval, ${EXTERNAL_INTERVAL_DEFAULT_MIN}) * 60 <= $1))
          ORDER BY e.ends_at LIMIT $2`,
        [now, limit],
      );
      return rows.map((r) => ({ accountId: Number(r.account_id), alert: toExternalAlert(r), expired: r.expired }));
    },
    async list(accountId, q) {
      const state = q.state === undefined ? '' : q.state === 'firing' ? ' AND history_id IS NOT NULL' : ' AND history_id IS NULL';
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*)::int AS n FROM external_alerts WHERE account_id = $1${state}`, [accountId]))!.n;
      const rows = await pg.rows<ExternalAlertRow>(`${SELECT} WHERE account_id = $1${state} ORDER BY last_seen DESC, id DESC LIMIT $2 OFFSET $3`, [
        accountId, q.limit, q.page * q.limit,
      ]);
      return { total, items: rows.map(toExternalAlert) };
    },
    async get(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const r = await pg.row<ExternalAlertRow>(`${SELECT} WHERE account_id = $1 AND id = $2`, [accountId, id]);
      return r ? toExternalAlert(r) : null;
    },
  };
}
