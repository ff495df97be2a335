import { EXTERNAL_INTERVAL_DEFAULT_MIN } from '../../../shared/incident-response';
import { EXTERNAL_ALERT_TYPE } from '../../../shared/external-alerts';
import { EXTERNAL_COLUMNS, messageColumns, toExternalAlert, type ExternalAlertRow } from '../common/external-alert-rows';
import type { ExternalAlertRepo, ExternalApplied, ExternalStep, ExternalWrite } from '../repos/external-alerts';
import type { Db } from './db';
import { walkEnder, walkStarter } from './escalations';
import { notificationWriter } from './outbox';
import { silenceMarker } from './silence-marks';

const SELECT = `SELECT ${EXTERNAL_COLUMNS} FROM external_alerts`;
type DueRow = ExternalAlertRow & { account_id: number; expired: number };

/**
 * External alerts on SQLite. `apply` writes each received alert's record and its incident step
 * (history, message, notifications, silence mark) in one transaction, each step guarded against a
 * stale decision; the notifications go through the same writer as the alert engine's.
 */
export function sqliteExternalAlerts(db: Db): ExternalAlertRepo {
  const notify = notificationWriter(db);
  const startWalk = walkStarter(db);
  const endWalk = walkEnder(db);
  const markSilenced = silenceMarker(db);
  const upsert = db.prepare<Record<string, unknown>, { id: number }>(`
    INSERT INTO external_alerts (account_id, fingerprint, alertname, labels, annotations, generator_url, starts_at, ends_at, first_seen, last_seen)
    VALUES (@a, @fp, @name, @labels, @annotations, @url, @starts, @ends, @now, @now)
    ON CONFLICT (account_id, fingerprint) DO UPDATE SET alertname = excluded.alertname, annotations = excluded.annotations,
      generator_url = excluded.generator_url, starts_at = excluded.starts_at, ends_at = excluded.ends_at, last_seen = excluded.last_seen
    RETURNING id`);
  const byId = db.prepare<[number, number], ExternalAlertRow>(`${SELECT} WHERE account_id = ? AND id = ?`);
  const lastEnd = db.prepare<[number, number], { end: number | null }>('SELECT "end" FROM alert_histories WHERE account_id = ? AND id = ?');
  const insertHistory = db.prepare(`INSERT INTO alert_histories (account_id, alert_id, start, subject, alert_name, alert_type, server_id, breaching_servers,
      external_alert_id, labels, generator_url) VALUES (?, 0, ?, '', ?, '${EXTERNAL_ALERT_TYPE}', NULL, '[]', ?, ?, ?)`);
  const saveMessage = db.prepare('UPDATE alert_histories SET subject = ?, html = ?, json = ?, text = ?, sms = ? WHERE account_id = ? AND id = ?');
  const opened = db.prepare('UPDATE external_alerts SET history_id = ?, last_history_id = ?, last_notified = ? WHERE account_id = ? AND id = ?');
  const endHistory = db.prepare('UPDATE alert_histories SET "end" = MAX(start, ?) WHERE account_id = ? AND id = ? AND "end" IS NULL');
  const closed = db.prepare('UPDATE external_alerts SET history_id = NULL WHERE account_id = ? AND id = ? AND history_id = ?');
  const reminded = db.prepare(`UPDATE external_alerts SET last_notified = @at WHERE account_id = @a AND id = @id AND history_id = @h AND last_notified = @prev
    AND NOT EXISTS (SELECT 1 FROM alert_histories h WHERE h.account_id = @a AND h.id = @h AND h.acknowledged_at IS NOT NULL)`);

  function step(accountId: number, id: number, p: ExternalStep, now: number, out: ExternalApplied) {
    const row = byId.get(accountId, id);
    if (!row) return;
    // The outbox runs on the wall clock, as the alert engine's writes do (the service clock may be a test's).
    const nowMs = Date.now();
    if (p.kind === 'open') {
      if (row.history_id !== null) return;
      // A new incident never starts inside the previous one of the same alert.
      const prevEnd = row.last_history_id === null ? null : (lastEnd.get(accountId, row.last_history_id)?.end ?? null);
      const start = Math.max(p.start, prevEnd ?? p.start);
      const historyId = Number(insertHistory.run(accountId, start, row.alertname, id, String(row.labels), row.generator_url).lastInsertRowid);
      const m = p.render(historyId);
      saveMessage.run(...messageColumns(m), accountId, historyId);
      opened.run(historyId, historyId, now, accountId, id);
      if (p.escalation) startWalk(accountId, historyId, 0, p.escalation);
      const mails = p.notifications(historyId, m);
      notify(accountId, mails, nowMs);
      markSilenced(accountId, historyId, p.silence, now);
      out.opened++;
      out.notified += mails.length;
    } else if (p.kind === 'resolve') {
      if (row.history_id !== p.historyId || closed.run(accountId, id, p.historyId).changes === 0) return;
      endHistory.run(p.end, accountId, p.historyId);
      endWalk(accountId, p.historyId);
      const mails = p.notifications(p.historyId, p.render(p.historyId));
      notify(accountId, mails, nowMs);
      markSilenced(accountId, p.historyId, p.silence, now);
      out.resolved++;
      out.notified += mails.length;
    } else {
      if (reminded.run({ at: p.at, a: accountId, id, h: p.historyId, prev: p.lastNotified }).changes === 0) return;
      const mails = p.notifications(p.historyId, p.message);
      notify(accountId, mails, nowMs);
      markSilenced(accountId, p.historyId, p.silence, now);
      out.reminded++;
      out.notified += mails.length;
    }
  }

  const apply = db.transaction((accountId: number, writes: ExternalWrite[], now: number): ExternalApplied => {
    const out: ExternalApplied = { opened: 0, resolved: 0, reminded: 0, notified: 0 };
    for (const w of writes) {
      const a = w.alert;
      const id = a
        ? upsert.get({
            a: accountId, fp: a.fingerprint, name: a.alertname, labels: JSON.stringify(a.labels), annotations: JSON.stringify(a.annotations),
            url: a.generatorUrl, starts: a.startsAt, ends: a.endsAt, now,
          })!.id
        : w.id;
      if (id !== undefined && w.step) step(accountId, id, w.step, now, out);
    }
    return out;
  });

  const due = db.prepare<{ now: number; limit: number }, DueRow>(`
    SELECT e.account_id, ${EXTERNAL_COLUMNS.split(', ').map((c) => `e.${c}`).join(', ')}, e.ends_at <= @now AS expired
      FROM external_alerts e
      JOIN alert_histories h ON h.account_id = e.account_id AND h.id = e.history_id
      LEFT JOIN notification_settings s ON s.account_id = e.account_id
     WHERE e.history_id IS NOT NULL AND (e.ends_at <= @now
       OR (h.acknowledged_at IS NULL AND e.last_notified + coalesce(s.external_alert_interval, ${EXTERNAL_INTERVAL_DEFAULT_MIN}) * 60 <= @now))
     ORDER BY e.ends_at LIMIT @limit`);

  return {
    async byFingerprints(accountId, fingerprints) {
      const rows = db
        .prepare<[number, string], ExternalAlertRow>(`${SELECT} WHERE account_id = ? AND fingerprint IN (SELECT value FROM json_each(?))`)
        .all(accountId, JSON.stringify(fingerprints));
      return new Map(rows.map((r) => [r.fingerprint, toExternalAlert(r)]));
    },
    async apply(accountId, writes, now) {
      return apply.immediate(accountId, writes, now);
    },
    async due(now, limit) {
      return due.all({ now, limit }).map((r) => ({ accountId: r.account_id, alert: toExternalAlert(r), expired: r.expired === 1 }));
    },
    async list(accountId, q) {
      const state = q.state === undefined ? '' : q.state === 'firing' ? ' AND history_id IS NOT NULL' : ' AND history_id IS NULL';
      const total = db.prepare<[number], { n: number }>(`SELECT COUNT(*) AS n FROM external_alerts WHERE account_id = ?${state}`).get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], ExternalAlertRow>(`${SELECT} WHERE account_id = ?${state} ORDER BY last_seen DESC, id DESC LIMIT ? OFFSET ?`)
        .all(accountId, q.limit, q.page * q.limit);
      return { total, items: rows.map(toExternalAlert) };
    },
    async get(accountId, id) {
      const r = byId.get(accountId, id);
      return r ? toExternalAlert(r) : null;
    },
  };
}
