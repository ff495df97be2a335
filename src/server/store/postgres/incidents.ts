import { WHOLE_ALERT, type AlertPlan, type IncidentChange, type IncidentPlan } from '../repos/alert-engine';
import type { Tx } from './db';
import { enqueueChannelMessages } from './channel-outbox';
import { enqueueCallbacks, enqueueNotifications } from './outbox';
import { markSilenced } from './silence-marks';
import { endWalk, startWalk } from './escalations';

type Start = Extract<IncidentPlan, { kind: 'start' }>;
type Remind = Extract<IncidentPlan, { kind: 'remind' }>;
type End = Extract<IncidentPlan, { kind: 'end' }>;

/** What one incident step wrote: its history and how many callbacks and channel messages (`queued`) and notifications were queued. */
export interface IncidentWrite extends IncidentChange {
  notified: number;
}

/**
 * Writes incident steps inside the caller's transaction, so an incident never changes without its
 * callbacks and notifications queued, nor the reverse. Each guards against a stale decision (an alert
 * deactivated or already opened, an incident already closed, a reminder another worker already sent);
 * the alert's row is locked first (FOR NO KEY UPDATE, as its update would), so two workers deciding for
 * the same alert at once take turns and the second sees what the first wrote.
 */
export function incidentWriter(tx: Tx) {
  async function start(accountId: number, alertId: number, p: Start, nowMs: number): Promise<IncidentWrite | null> {
    const whole = p.subject === WHOLE_ALERT;
    const serverId = whole ? null : p.subject;
    // A per_server alert is in an incident while any of its servers is: one server's start only needs
    // that server's incident closed (checked once the alert's row is locked).
    const alert = await tx.row<{ name: string; type: string }>(
      `SELECT name, type FROM alerts WHERE account_id = $1 AND id = $2 AND active${whole ? ' AND NOT in_incident' : ''} FOR NO KEY UPDATE`,
      [accountId, alertId],
    );
    if (!alert) return null;
    if (!whole && (await tx.row('SELECT 1 FROM alert_incidents WHERE account_id = $1 AND alert_id = $2 AND subject = $3', [accountId, alertId, p.subject]))) return null;
    // A re-processed minute finds the history it already wrote.
    const again = await tx.row('SELECT 1 FROM alert_histories WHERE account_id = $1 AND alert_id = $2 AND start = $3 AND server_id IS NOT DISTINCT FROM $4', [
      accountId, alertId, p.minute, serverId,
    ]);
    if (again) return null;
    const id = (await tx.row<{ id: number }>(
      `INSERT INTO alert_histories (account_id, alert_id, start, subject, alert_name, alert_type, server_id, breaching_servers)
       VALUES ($1, $2, $3, '', $4, $5, $6, $7::jsonb) RETURNING id`,
      [accountId, alertId, p.minute, alert.name, alert.type, serverId, JSON.stringify(p.servers)],
    ))!.id;
    const m = p.render(id);
    await tx.exec('UPDATE alert_histories SET subject = $3, html = $4, json = $5, text = $6, sms = $7, trigger_value = $8 WHERE account_id = $1 AND id = $2', [
      accountId, id, m.subject, m.html, m.json, m.text, m.sms, p.value ?? null,
    ]);
    await tx.exec('UPDATE alerts SET in_incident = true, last_triggered = $3 WHERE account_id = $1 AND id = $2', [accountId, alertId, p.minute]);
    await tx.exec(
      `INSERT INTO alert_incidents (account_id, alert_id, subject, history_id, started, last_notified) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (account_id, alert_id, subject) DO UPDATE SET history_id = excluded.history_id, started = excluded.started, last_notified = excluded.last_notified`,
      [accountId, alertId, p.subject, id, p.minute],
    );
    const mails = p.notifications(id, m);
    await enqueueNotifications(tx, accountId, mails, nowMs);
    await markSilenced(tx, accountId, id, p.silence, p.minute);
    if (p.escalation) await startWalk(tx, accountId, id, alertId, p.escalation);
    const told = (await enqueueChannelMessages(tx, accountId, p.channels?.(id) ?? [], nowMs)).length;
    return { historyId: id, queued: (await enqueueCallbacks(tx, accountId, p.callbacks(id), nowMs)).length + told, notified: mails.length };
  }

  /** Ends the incident under `p.subject`; the alert leaves in_incident when it was its last (WHOLE_ALERT: always). */
  async function end(accountId: number, alertId: number, p: End, nowMs: number): Promise<IncidentWrite | null> {
    if (p.subject === WHOLE_ALERT) await tx.exec('UPDATE alerts SET in_incident = false WHERE account_id = $1 AND id = $2', [accountId, alertId]);
    // Two servers' incidents ending at once take turns on the alert's row, so the second sees the
    // first's delete when it asks whether any incident is left (a statement of its own, after the lock).
    else await tx.row('SELECT 1 FROM alerts WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE', [accountId, alertId]);
    const inc = await tx.row<{ history_id: number }>('DELETE FROM alert_incidents WHERE account_id = $1 AND alert_id = $2 AND subject = $3 RETURNING history_id', [
      accountId, alertId, p.subject,
    ]);
    if (!inc) return null;
    await tx.exec('UPDATE alert_histories SET "end" = GREATEST(start, $3) WHERE account_id = $1 AND id = $2', [accountId, inc.history_id, p.minute]);
    await endWalk(tx, accountId, inc.history_id);
    if (p.subject !== WHOLE_ALERT) {
      await tx.exec(
        'UPDATE alerts a SET in_incident = EXISTS (SELECT 1 FROM alert_incidents i WHERE i.account_id = a.account_id AND i.alert_id = a.id) WHERE account_id = $1 AND id = $2',
        [accountId, alertId],
      );
    }
    await markSilenced(tx, accountId, inc.history_id, p.silence, p.minute);
    const mails = p.render && p.notifications ? p.notifications(inc.history_id, p.render(inc.history_id)) : [];
    await enqueueNotifications(tx, accountId, mails, nowMs);
    const told = (await enqueueChannelMessages(tx, accountId, p.channels?.(inc.history_id) ?? [], nowMs)).length;
    return { historyId: inc.history_id, queued: (await enqueueCallbacks(tx, accountId, p.callbacks(inc.history_id), nowMs)).length + told, notified: mails.length };
  }

  /** Ends every open incident of the alert (a deactivation); null when none was open. */
  async function endAll(accountId: number, alertId: number, p: Omit<End, 'subject'>, nowMs: number): Promise<IncidentChange | null> {
    await tx.exec('UPDATE alerts SET in_incident = false WHERE account_id = $1 AND id = $2', [accountId, alertId]);
    const subjects = await tx.rows<{ subject: number }>('SELECT subject FROM alert_incidents WHERE account_id = $1 AND alert_id = $2 ORDER BY subject', [accountId, alertId]);
    const ended: IncidentWrite[] = [];
    for (const { subject } of subjects) {
      const w = await end(accountId, alertId, { ...p, subject }, nowMs);
      if (w) ended.push(w);
    }
    return ended[0] ? { historyId: ended[0].historyId, queued: ended.reduce((n, w) => n + w.queued, 0) } : null;
  }

  async function remind(accountId: number, alertId: number, p: Remind, nowMs: number): Promise<IncidentWrite | null> {
    const n = await tx.exec(
      // An incident acknowledged since the decision is not reminded of (its own history: a per_server
      // alert's other servers' incidents are reminded of as usual).
      `UPDATE alert_incidents SET last_notified = $3 WHERE account_id = $1 AND alert_id = $2 AND subject = $6 AND history_id = $4 AND last_notified = $5
         AND NOT EXISTS (SELECT 1 FROM alert_histories h WHERE h.account_id = $1 AND h.id = $4 AND h.acknowledged_at IS NOT NULL)`,
      [accountId, alertId, p.minute, p.historyId, p.lastNotified, p.subject],
    );
    if (n === 0) return null;
    const mails = p.notifications(p.historyId, p.message);
    await enqueueNotifications(tx, accountId, mails, nowMs);
    await markSilenced(tx, accountId, p.historyId, p.silence, p.minute);
    return { historyId: p.historyId, queued: 0, notified: mails.length };
  }

  return { start, end, endAll, remind };
}

/**
 * Writes one alert's out-of-band sample and incident step inside `tx`, after applyPlans locked the
 * alert (it exists) and wrote its state.
 */
export async function writeAlertEffects(tx: Tx, accountId: number, a: AlertPlan, nowMs: number): Promise<(IncidentWrite & { kind: string }) | null> {
  if (a.sample) {
    const { minute, value, windowSeconds } = a.sample;
    await tx.exec(
      `INSERT INTO alert_stats (account_id, alert_id, hour, n, sum, sumsq) VALUES ($1, $2, $3, 1, $4, $5)
       ON CONFLICT (account_id, alert_id, hour) DO UPDATE SET n = alert_stats.n + 1, sum = alert_stats.sum + excluded.sum, sumsq = alert_stats.sumsq + excluded.sumsq`,
      [accountId, a.alertId, Math.floor(minute / 3600) * 3600, value, value * value],
    );
    await tx.exec('DELETE FROM alert_stats WHERE account_id = $1 AND alert_id = $2 AND hour <= $3', [accountId, a.alertId, minute - windowSeconds - 3600]);
  }
  const p = a.incident;
  if (!p) return null;
  const w = incidentWriter(tx);
  const done =
    p.kind === 'start'
      ? await w.start(accountId, a.alertId, p, nowMs)
      : p.kind === 'end'
        ? await w.end(accountId, a.alertId, p, nowMs)
        : await w.remind(accountId, a.alertId, p, nowMs);
  return done && { ...done, kind: p.kind };
}
