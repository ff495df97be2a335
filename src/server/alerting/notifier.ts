import nodemailer from 'nodemailer';
import type { EngineAlert, IncidentNotifications, NewNotification, Recipient } from '../store/repos/alert-engine';
import type { PendingNotification } from '../store/repos/outbox';
import { emailWithIncidentLink, emailWithLinks, type MessageLinks } from './messages';

export interface NotifierConfig {
  /** smtp://user:pass@host:port; without it e-mails are kept in the store (visible at /api/v5/notifications/). */
  smtpUrl?: string;
  mailFrom?: string;
  /** Operator-configured webhooks for SMS and push: POST JSON {to, text, subject}. */
  smsWebhook?: string;
  pushWebhook?: string;
}

// Bounds on one send, so a stuck SMTP server or webhook cannot hold an outbox slot without end.
const SEND_TIMEOUT_MS = 10_000;

const hostOfUrl = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The host key of each channel's transport (the outbox's per-host limit groups by it), null when none is set. */
export function transportHosts(cfg: NotifierConfig): Record<NewNotification['channel'], string | null> {
  return {
    email: cfg.smtpUrl ? `smtp:${hostOfUrl(cfg.smtpUrl)}` : null,
    sms: cfg.smsWebhook ? `sms:${hostOfUrl(cfg.smsWebhook)}` : null,
    push: cfg.pushWebhook ? `push:${hostOfUrl(cfg.pushWebhook)}` : null,
  };
}

/**
 * The transports of user notifications. `host` names the transport a channel goes out through (the
 * outbox's per-host limit groups by it); null means this process has none for the channel, and its
 * notifications are kept in the store instead of sent.
 */
export function createTransports(cfg: NotifierConfig) {
  const mailer = cfg.smtpUrl
    ? nodemailer.createTransport({ url: cfg.smtpUrl, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS })
    : null;
  const from = cfg.mailFrom ?? 'alerts@localhost';
  const domain = from.includes('@') ? from.slice(from.lastIndexOf('@') + 1) : 'localhost';
  const hosts = transportHosts(cfg);

  async function post(url: string, n: PendingNotification, body: unknown): Promise<void> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-delivery-id': n.deliveryId, 'idempotency-key': n.deliveryId },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  }

  /** Sends one notification; throws when the transport refused or failed. */
  async function send(n: PendingNotification): Promise<void> {
    if (n.channel === 'email') {
      if (!mailer) throw new Error('no SMTP transport');
      // The Message-ID is the delivery's stable id: a retry after a crash carries the same one.
      await mailer.sendMail({ from, to: n.recipient, subject: n.subject, text: n.body, html: n.html ?? undefined, messageId: `<${n.deliveryId}@${domain}>`, headers: { 'X-Delivery-Id': n.deliveryId } });
    } else if (n.channel === 'sms') {
      if (!cfg.smsWebhook) throw new Error('no SMS webhook');
      await post(cfg.smsWebhook, n, { to: n.recipient, text: n.body });
    } else {
      if (!cfg.pushWebhook) throw new Error('no push webhook');
      await post(cfg.pushWebhook, n, { to: n.recipient, subject: n.subject, text: n.body });
    }
  }

  return {
    send,
    hostOf: (channel: NewNotification['channel']) => hosts[channel],
    /** The channels this process can send (it claims only those from the outbox). */
    channels: (Object.keys(hosts) as NewNotification['channel'][]).filter((c) => hosts[c] !== null),
    close: () => mailer?.close(),
  };
}
export type Transports = ReturnType<typeof createTransports>;

/**
 * The notifications of an alert's message to its users per their flags (e-mail, SMS when they have a
 * phone, push); each carries the host of its transport, or null to be kept. E-mails carry the
 * recipient's own links (`links`: an acknowledge link is minted per recipient and incident); a RESOLVED
 * e-mail links only its incident.
 */
export function notificationsFor(
  alert: Pick<EngineAlert, 'id' | 'users'>,
  people: readonly Recipient[],
  transports: Pick<Transports, 'hostOf'>,
  event: NonNullable<NewNotification['event']>,
  links?: (historyId: number, userId: number) => MessageLinks,
): IncidentNotifications {
  return (historyId, m) =>
    alert.users.flatMap((u) => {
      const who = people.find((p) => p.id === u.id);
      if (!who) return [];
      const base = { alertId: alert.id, historyId, userId: u.id, subject: m.subject, event };
      const out: NewNotification[] = [];
      if (u.sendemail) {
        const own = links?.(historyId, u.id);
        const mail = !own ? m : event === 'RESOLVED' ? emailWithIncidentLink(m, own.incident) : emailWithLinks(m, own);
        out.push({ ...base, channel: 'email', recipient: who.email, body: mail.text, html: mail.html, host: transports.hostOf('email') });
      }
      if (u.sendsms && who.phone) out.push({ ...base, channel: 'sms', recipient: who.phone, body: m.sms, html: null, host: transports.hostOf('sms') });
      if (u.pushnotification) out.push({ ...base, channel: 'push', recipient: who.email, body: m.sms, html: null, host: transports.hostOf('push') });
      return out;
    });
}
