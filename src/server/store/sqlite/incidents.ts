import { WHOLE_ALERT, type AlertPlan, type IncidentChange, type IncidentPlan } from '../repos/alert-engine';
import type { Db } from './db';
import { channelMessageWriter } from './channel-outbox';
import { notificationWriter, outboxWriter } from './outbox';
import { silenceMarker } from './silence-marks';
import { walkEnder, walkStarter } from './escalations';

type Start = Extract<IncidentPlan, { kind: 'start' }>;
type Remind = Extract<IncidentPlan, { kind: 'remind' }>;
type End = Extract<IncidentPlan, { kind: 'end' }>;

/** What one incident step wrote: its history and how many callbacks and channel messages (`queued`) and notifications were queued. */
export interface IncidentWrite extends IncidentChange {
  notified: number;
}

/**
 * Writes incident steps. Each method runs inside the caller's transaction (better-sqlite3 nests
 * them as savepoints), so an incident never changes without its callbacks and notifications queued,
 * nor the reverse. Each guards against a stale decision: an alert deactivated or already opened, an
 * incident already closed, a reminder another worker already sent.
 */
export function incidentWriter(db: Db) {
  const enqueue = outboxWriter(db);
  const notify = notificationWriter(db);
  const tell = channelMessageWriter(db);
  const markSilenced = silenceMarker(db);
  const startWalk = walkStarter(db);
  const endWalk = walkEnder(db);
  const alertRow = db.prepare<[number, number], { name: string; type: string }>(
    'SELECT name, type FROM alerts WHERE account_id = ? AND id = ? AND active = 1 AND in_incident = 0',
  );
  // A per_server alert is in an incident while any of its servers is: one server's start only
  // needs that server's incident closed.
  const serverAlertRow = db.prepare<[number, number, number], { name: string; type: string }>(
    `SELECT name, type FROM alerts a WHERE account_id = ? AND id = ? AND active = 1
       AND NOT EXISTS (SELECT 1 FROM alert_incidents i WHERE i.account_id = a.account_id AND i.alert_id = a.id AND i.subject = ?)`,
  );
  const sameStart = db.prepare('SELECT 1 FROM alert_histories WHERE account_id = ? AND alert_id = ? AND start = ? AND server_id IS ?');
  const insertHistory = db.prepare(
    `INSERT INTO alert_histories (account_id, alert_id, start, subject, alert_name, alert_type, server_id, breaching_servers) VALUES (?, ?, ?, '', ?, ?, ?, ?)`,
  );
  const saveMessage = db.prepare('UPDATE alert_histories SET subject = ?, html = ?, json = ?, text = ?, sms = ?, trigger_value = ? WHERE id = ?');
  const open = db.prepare('UPDATE alerts SET in_incident = 1, last_triggered = ? WHERE account_id = ? AND id = ?');
  const track = db.prepare('INSERT OR REPLACE INTO alert_incidents (account_id, alert_id, subject, history_id, started, last_notified) VALUES (?, ?, ?, ?, ?, ?)');
  const openIncident = db.prepare<[number, number, number], { history_id: number }>('SELECT history_id FROM alert_incidents WHERE account_id = ? AND alert_id = ? AND subject = ?');
  const openSubjects = db.prepare<[number, number], { subject: number }>('SELECT subject FROM alert_incidents WHERE account_id = ? AND alert_id = ? ORDER BY subject');
  const close = db.prepare('UPDATE alerts SET in_incident = 0 WHERE account_id = ? AND id = ?');
  const closeIfLast = db.prepare(
    'UPDATE alerts SET in_incident = EXISTS (SELECT 1 FROM alert_incidents i WHERE i.account_id = alerts.account_id AND i.alert_id = alerts.id) WHERE account_id = ? AND id = ?',
  );
  const endHistory = db.prepare('UPDATE alert_histories SET "end" = MAX(start, ?) WHERE account_id = ? AND id = ?');
  const untrack = db.prepare('DELETE FROM alert_incidents WHERE account_id = ? AND alert_id = ? AND subject = ?');
  // An incident acknowledged since the decision is not reminded of (its own history: a per_server
  // alert's other servers' incidents are reminded of as usual).
  const reminded = db.prepare(`UPDATE alert_incidents SET last_notified = ? WHERE account_id = ? AND alert_id = ? AND subject = ? AND history_id = ? AND last_notified = ?
    AND NOT EXISTS (SELECT 1 FROM alert_histories h WHERE h.account_id = alert_incidents.account_id AND h.id = alert_incidents.history_id AND h.acknowledged_at IS NOT NULL)`);

  const start = db.transaction((accountId: number, alertId: number, p: Start, nowMs: number): IncidentWrite | null => {
    const whole = p.subject === WHOLE_ALERT;
    const alert = whole ? alertRow.get(accountId, alertId) : serverAlertRow.get(accountId, alertId, p.subject);
    const serverId = whole ? null : p.subject;
    // The decision may be stale (deactivated, or opened by another worker); a re-processed minute
    // finds the history it already wrote.
    if (!alert || sameStart.get(accountId, alertId, p.minute, serverId)) return null;
    const id = Number(insertHistory.run(accountId, alertId, p.minute, alert.name, alert.type, serverId, JSON.stringify(p.servers)).lastInsertRowid);
    const m = p.render(id);
    saveMessage.run(m.subject, m.html, m.json, m.text, m.sms, p.value ?? null, id);
    open.run(p.minute, accountId, alertId);
    track.run(accountId, alertId, p.subject, id, p.minute, p.minute);
    const mails = p.notifications(id, m);
    notify(accountId, mails, nowMs);
    markSilenced(accountId, id, p.silence, p.minute);
    if (p.escalation) startWalk(accountId, id, alertId, p.escalation);
    const told = tell(accountId, p.channels?.(id) ?? [], nowMs).length;
    return { historyId: id, queued: enqueue(accountId, p.callbacks(id), nowMs).length + told, notified: mails.length };
  });

  /** Ends the incident under `p.subject`; the alert leaves in_incident when it was its last (WHOLE_ALERT: always). */
  const end = db.transaction((accountId: number, alertId: number, p: End, nowMs: number): IncidentWrite | null => {
    const inc = openIncident.get(accountId, alertId, p.subject);
    if (p.subject === WHOLE_ALERT) close.run(accountId, alertId);
    if (!inc) return null;
    endHistory.run(p.minute, accountId, inc.history_id);
    untrack.run(accountId, alertId, p.subject);
    endWalk(accountId, inc.history_id);
    if (p.subject !== WHOLE_ALERT) closeIfLast.run(accountId, alertId);
    markSilenced(accountId, inc.history_id, p.silence, p.minute);
    const mails = p.render && p.notifications ? p.notifications(inc.history_id, p.render(inc.history_id)) : [];
    notify(accountId, mails, nowMs);
    const told = tell(accountId, p.channels?.(inc.history_id) ?? [], nowMs).length;
    return { historyId: inc.history_id, queued: enqueue(accountId, p.callbacks(inc.history_id), nowMs).length + told, notified: mails.length };
  });

  /** Ends every open incident of the alert (a deactivation); null when none was open. */
  const endAll = db.transaction((accountId: number, alertId: number, p: Omit<End, 'subject'>, nowMs: number): IncidentChange | null => {
    close.run(accountId, alertId);
    const ended = openSubjects.all(accountId, alertId).flatMap((r) => end(accountId, alertId, { ...p, subject: r.subject }, nowMs) ?? []);
    return ended[0] ? { historyId: ended[0].historyId, queued: ended.reduce((n, w) => n + w.queued, 0) } : null;
  });

  const remind = db.transaction((accountId: number, alertId: number, p: Remind, nowMs: number): IncidentWrite | null => {
    if (reminded.run(p.minute, accountId, alertId, p.subject, p.historyId, p.lastNotified).changes === 0) return null;
    const mails = p.notifications(p.historyId, p.message);
    notify(accountId, mails, nowMs);
    markSilenced(accountId, p.historyId, p.silence, p.minute);
    return { historyId: p.historyId, queued: 0, notified: mails.length };
  });

  return { start, end, endAll, remind };
}

/** Writes one alert's part of an evaluation plan (state, out-of-band sample, incident step). */
export function alertPlanWriter(db: Db) {
  const incidents = incidentWriter(db);
  const putState = db.prepare('INSERT OR REPLACE INTO alert_state (account_id, alert_id, subject, minute, holds, streak, value) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const addStat = db.prepare(`INSERT INTO alert_stats (account_id, alert_id, hour, n, sum, sumsq) VALUES (?, ?, ?, 1, ?, ?)
    ON CONFLICT (account_id, alert_id, hour) DO UPDATE SET n = n + 1, sum = sum + excluded.sum, sumsq = sumsq + excluded.sumsq`);
  const pruneStats = db.prepare('DELETE FROM alert_stats WHERE account_id = ? AND alert_id = ? AND hour <= ?');
  const exists = db.prepare('SELECT 1 FROM alerts WHERE account_id = ? AND id = ?');

  return (accountId: number, a: AlertPlan, nowMs: number): IncidentWrite & { kind: string } | null => {
    // An alert deleted since the decision has nothing left to write (its state rows went with it).
    if (!exists.get(accountId, a.alertId)) return null;
    const s = a.state;
    if (s) putState.run(accountId, a.alertId, s.subject, s.minute, s.holds ? 1 : 0, s.streak, s.value);
    if (a.sample) {
      const { minute, value, windowSeconds } = a.sample;
      addStat.run(accountId, a.alertId, Math.floor(minute / 3600) * 3600, value, value * value);
      pruneStats.run(accountId, a.alertId, minute - windowSeconds - 3600);
    }
    const p = a.incident;
    if (!p) return null;
    const done =
      p.kind === 'start'
        ? incidents.start(accountId, a.alertId, p, nowMs)
        : p.kind === 'end'
          ? incidents.end(accountId, a.alertId, p, nowMs)
          : incidents.remind(accountId, a.alertId, p, nowMs);
    return done && { ...done, kind: p.kind };
  };
}
