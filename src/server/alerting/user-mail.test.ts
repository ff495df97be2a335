import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { until } from '../testing/until';
import { smtpReceiver } from '../testing/smtp-receiver';
import { transportHosts } from './notifier';
import { startAlerting } from './start';

let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let svc: TestService;
let alerting: ReturnType<typeof startAlerting>;
beforeEach(async () => {
  smtp = await smtpReceiver();
  const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  svc = await startTestService({ mailHost: transportHosts({ smtpUrl }).email });
  alerting = startAlerting(svc.deps, { smtpUrl });
});
afterEach(async () => {
  await alerting.stop();
  await svc.close();
  await smtp.close();
});

describe('the confirmation e-mail of a new user', () => {
  it('goes out through the same outbox as alert notifications, with a stable Message-ID and without the key', async () => {
    const r = await svc.request('POST', '/api/v5/users/', {
      json: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', country_code: 1, phone_number: 5550100 },
    });
    expect(r.status).toBe(201);
    await until(() => smtp.mails.some((m) => m.to.includes('grace@example.com')));
    const mail = smtp.mails.find((m) => m.to.includes('grace@example.com'))!;
    expect(mail.raw).not.toContain(r.body.api_key);
    const rows = (await svc.request('GET', '/api/v5/notifications/')).body.data as { state: string; delivery_id: string }[];
    await until(async () => ((await svc.request('GET', '/api/v5/notifications/')).body.data as { state: string }[])[0]!.state === 'sent');
    expect(mail.messageId).toBe(`<${rows[0]!.delivery_id}@localhost>`);
  });
});

describe('the invitation e-mail', () => {
  it('goes out through the outbox to the invitee, with a link to the dashboard that opens the invitation', async () => {
    const r = await svc.request('POST', '/api/v5/invitations/', { json: { first_name: 'Katherine', last_name: 'Johnson', email: 'kj@example.com' } });
    expect(r.status).toBe(201);
    await until(() => smtp.mails.some((m) => m.to.includes('kj@example.com')));
    const mail = smtp.mails.find((m) => m.to.includes('kj@example.com'))!;
    // Quoted-printable may fold long lines with a soft break ("=" at the line's end).
    const text = mail.raw.replace(/=\r?\n/g, '');
    const token = /\/invite\/(i1\.[A-Za-z0-9._-]+)/.exec(text)![1]!;
    const preview = await svc.request('GET', `/api/v5/invitations/accept/${token}/`, { as: null });
    expect(preview.body).toMatchObject({ email: 'kj@example.com', first_name: 'Katherine' });
  });
});
