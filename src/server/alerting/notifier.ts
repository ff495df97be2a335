import nodemailer from 'nodemailer';
import type { AlertEngineRepo, EngineAlert } from '../store/repos/alert-engine';
import type { RenderedMessage } from './messages';

export interface NotifierConfig {
  /** smtp://user:pass@host:port; without it e-mails are kept in the store (visible at /api/v5/notifications/). */
  smtpUrl?: string;
  mailFrom?: string;
  /** Operator-configured webhooks for SMS and push: POST JSON {to, text, subject}. */
  smsWebhook?: string;
  pushWebhook?: string;
}

/** Notifies an alert's users by e-mail, SMS and push per their flags; every message is recorded. */
export function createNotifier(repo: AlertEngineRepo, cfg: NotifierConfig) {
  const mailer = cfg.smtpUrl ? nodemailer.createTransport(cfg.smtpUrl) : null;

  async function post(url: string, body: unknown): Promise<string | undefined> {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
      return res.ok ? undefined : `HTTP ${res.status}`;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  return async function notify(alert: EngineAlert, historyId: number, m: RenderedMessage): Promise<void> {
    const people = await repo.recipients(alert.accountId, alert.users.map((u) => u.id));
    for (const u of alert.users) {
      const who = people.find((p) => p.id === u.id);
      if (!who) continue;
      const base = { alertId: alert.id, historyId, userId: u.id, subject: m.subject };
      if (u.sendemail) {
        let state = 'kept';
        let error: string | undefined;
        if (mailer) {
          try {
            await mailer.sendMail({ from: cfg.mailFrom ?? 'alerts@localhost', to: who.email, subject: m.subject, text: m.text, html: m.html });
            state = 'sent';
          } catch (e) {
            state = 'failed';
            error = e instanceof Error ? e.message : String(e);
          }
        }
        await repo.addNotification(alert.accountId, { ...base, channel: 'email', recipient: who.email, body: m.text, state, error });
      }
      if (u.sendsms && who.phone) {
        const error = cfg.smsWebhook ? await post(cfg.smsWebhook, { to: who.phone, text: m.sms }) : undefined;
        await repo.addNotification(alert.accountId, { ...base, channel: 'sms', recipient: who.phone, body: m.sms, state: !cfg.smsWebhook ? 'kept' : error ? 'failed' : 'sent', error });
      }
      if (u.pushnotification) {
        const error = cfg.pushWebhook ? await post(cfg.pushWebhook, { to: who.email, subject: m.subject, text: m.sms }) : undefined;
        await repo.addNotification(alert.accountId, { ...base, channel: 'push', recipient: who.email, body: m.sms, state: !cfg.pushWebhook ? 'kept' : error ? 'failed' : 'sent', error });
      }
    }
  };
}
export type Notify = ReturnType<typeof createNotifier>;
