import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  messageId: string | null;
  subject: string | null;
  raw: string;
}

/** Where the receiver listens (default: a free port) and who hears of each message it accepts. */
export interface ReceiverOptions {
  port?: number;
  onMail?: (m: Mail) => void;
}

/** A real SMTP server on loopback (no TLS, no auth) that records every message it accepts, after `delayMs`. */
export async function smtpReceiver(delayMs = 0, opts: ReceiverOptions = {}) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        // A header with its folded lines unfolded (RFC 5322 2.2.3: a line break before whitespace is
        // removed): nodemailer folds a subject past 78 characters.
        const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n(?=[ \t])/g, '').trim() ?? null;
        setTimeout(() => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address), messageId: header('Message-ID'), subject: header('Subject'), raw };
          mails.push(mail);
          opts.onMail?.(mail);
          done();
        }, delayMs);
      });
    },
  });
  // A client killed mid-session resets its connection: expected in crash tests, not an error of the test.
  server.on('error', () => undefined);
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  return {
    mails,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
