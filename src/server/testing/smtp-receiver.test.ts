import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { smtpReceiver } from './smtp-receiver';

describe('smtpReceiver', async () => {
  const receiver = await smtpReceiver();
  afterAll(() => receiver.close());
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });

  it('reads a subject that nodemailer folded over several lines whole, as sent', async () => {
    const subject = '[Fleetwatch] 6 incidents: 3 still triggered, 1 resolved, 2 triggered on web-01 and app-04 of the fleet';
    await transport.sendMail({ from: 'fw@example.com', to: 'oncall@example.com', subject, text: 'body' });
    const mail = receiver.mails.at(-1)!;
    // The raw message holds it folded, so the unfolding is what is tested.
    expect(mail.raw).toMatch(/^Subject: .*\r?\n[ \t]/m);
    expect(mail.subject).toBe(subject);
    expect(mail.to).toEqual(['oncall@example.com']);
  });

  it('reads a short subject and leaves the next header out of it', async () => {
    await transport.sendMail({ from: 'fw@example.com', to: 'a@example.com', subject: 'Alert triggered: CPU', text: 'x', messageId: '<m1@example.com>' });
    const mail = receiver.mails.at(-1)!;
    expect(mail.subject).toBe('Alert triggered: CPU');
    expect(mail.messageId).toBe('<m1@example.com>');
  });
});
