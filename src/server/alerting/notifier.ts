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

/** Records an alert's notifications; sending happens afterwards, off the caller's path. */
export type Notify = (alert: EngineAlert, historyId: number, m: RenderedMessage) => Promise<void>;

// Bounds on one send, so a stuck SMTP server or webhook cannot pile up sends without end.
const SEND_TIMEOUT_MS = 10_000;

/**
 * Notifies an alert's users by e-mail, SMS and push per their flags. Each message is recorded first
 * ('sending', or 'kept' when its channel has no transport); the sends then run in the background and
 * record 'sent' or 'failed', so SMTP and webhooks never hold up the serial evaluation of alerts.
 */
export function createNotifier(repo: AlertEngineRepo, cfg: NotifierConfig) {
  const mailer = cfg.smtpUrl
    ? nodemailer.createTransport({ url: cfg.smtpUrl, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS })
    : null;
  const sending = new Set<Promise<void>>();

  async function post(url: string, body: unknown): Promise<void> {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  }

  function sendLater(id: number, send: () => Promise<unknown>) {
    const p = send()
      .then(
        () => repo.notificationSent(id, 'sent'),
        (e: unknown) => repo.notificationSent(id, 'failed', e instanceof Error ? e.message : String(e)),
      )
      .catch((e: unknown) => console.error('notifier:', e))
      .finally(() => sending.delete(p));
    sending.add(p);
  }

  const notify: Notify = async (alert, historyId, m) => {
    const people = await repo.recipients(alert.accountId, alert.users.map((u) => u.id));
    for (const u of alert.users) {
      const who = people.find((p) => p.id === u.id);
      if (!who) continue;
      const base = { alertId: alert.id, historyId, userId: u.id, subject: m.subject };
      const record = (channel: string, recipient: string, body: string, send: (() => Promise<unknown>) | null) =>
        repo.addNotification(alert.accountId, { ...base, channel, recipient, body, state: send ? 'sending' : 'kept' }).then((id) => send && sendLater(id, send));
      if (u.sendemail) {
        const send = mailer && (() => mailer.sendMail({ from: cfg.mailFrom ?? 'alerts@localhost', to: who.email, subject: m.subject, text: m.text, html: m.html }));
        await record('email', who.email, m.text, send);
      }
      if (u.sendsms && who.phone) {
        const hook = cfg.smsWebhook;
        await record('sms', who.phone, m.sms, hook ? () => post(hook, { to: who.phone, text: m.sms }) : null);
      }
      if (u.pushnotification) {
        const hook = cfg.pushWebhook;
        await record('push', who.email, m.sms, hook ? () => post(hook, { to: who.email, subject: m.subject, text: m.sms }) : null);
      }
    }
  };

  return {
    notify,
    /** Resolves when every send started so far has ended (at shutdown, before the store closes). */
    settled: async () => {
      while (sending.size) await Promise.allSettled([...sending]);
    },
  };
}
