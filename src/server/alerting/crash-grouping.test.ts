import { describe, expect, it } from 'vitest';
import { useCrashService } from '../testing/crash-service';
import { batchFor, registrationFor } from '../testing/ingest';
import { until } from '../testing/until';
import type { Mail } from '../testing/smtp-receiver';

// Grouped notifications across crashes: main.ts in its own process, a loopback SMTP server slow to
// answer, a 3 s group window. Each trial triggers 8 alerts in one minute, then SIGKILLs the service at
// a random point of the window (right after the batches, mid-window, as the grouped message goes out)
// and restarts it on the same store. Every incident of every trial must be told in an e-mail at least
// once, and a repeat of the same message carries the same Message-ID.
const TRIALS = 6;
const PER_TRIAL = 8;
const WAIT_S = 3;
const svc = useCrashService({ name: 'crash-group', email: 'oncall@example.com', smtpDelayMs: 150, groupWaitS: WAIT_S });
const { api } = svc;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The raw message as text: quoted-printable soft line breaks joined and =XX escapes decoded (links
// carry `=` in their query strings, which quoted-printable writes as =3D).
const flat = (m: Mail) => m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
interface Incident {
  id: number;
  alert_id: number;
  start: number;
}
/**
 * The incidents a message tells: each one linked by its page, and those past the first GROUP_IN_FULL
 * that its "and N more" link covers (the Incidents page over those alerts and starts), as a reader
 * clicking it would see them. Rows of several trials pile up when crashes keep them from going out.
 */
const told = (m: Mail, incidents: readonly Incident[] = []) => {
  const text = flat(m);
  const ids = new Set([...text.matchAll(/\/incidents\/(\d+)/g)].map((x) => Number(x[1])));
  const more = /and \d+ more: \S*\/incidents\?view=range&from=(\d+)&to=(\d+)&alerts=([\d,]+)/.exec(text);
  if (more) {
    const [from, to, alerts] = [Number(more[1]), Number(more[2]), new Set(more[3]!.split(',').map(Number))];
    for (const i of incidents) if (alerts.has(i.alert_id) && i.start >= from && i.start <= to) ids.add(i.id);
  }
  return ids;
};

describe('grouped notifications across SIGKILL', () => {
  it(`tell every incident at least once over ${TRIALS} crashes inside the group window`, async () => {
    const owner = (await api('GET', '/api/v5/users/')).body.data[0].id as number;
    const base = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;
    const alerts: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const minute = base + t * 300;
      const guids = Array.from({ length: PER_TRIAL }, (_, i) => `g${t}-${i}`);
      for (const guid of guids) {
        const server = (await api('POST', '/api/v5/collector/register', registrationFor(guid))).body.server_id as number;
        const a = await api('POST', '/api/v5/alerts/', { name: `cpu ${guid}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users: [owner] });
        expect(a.status).toBe(201);
        alerts.push(a.body.id);
      }
      const acks = await Promise.all(guids.map((guid) => api('POST', '/api/v5/collector/batches', batchFor(guid, minute, { server: { cpu: 99, memory: 1 } }))));
      expect(acks.map((r) => r.status)).toEqual(guids.map(() => 201));
      // Kill points spread over the window: at once, inside it, around its end (the send itself).
      await sleep(((t % 3) / 2) * (WAIT_S * 1000 + 300) + Math.random() * 200);
      await svc.crash();
    }

    const histories = async () => {
      const all: Incident[] = [];
      for (const a of alerts) all.push(...((await api('GET', `/api/v5/alert_histories/?filter=[${a}]&start=0`)).body.data as Incident[]));
      return all;
    };
    await until(async () => (await histories()).length === alerts.length, 60_000);
    const incidents = await histories();
    const untold = () => {
      const seen = new Set(svc.smtp.mails.flatMap((m) => [...told(m, incidents)]));
      return incidents.map((i) => i.id).filter((id) => !seen.has(id));
    };
    // Generous: on a loaded machine sends cut by the 1.5 s delivery timeout back off (doubling), and
    // rows a killed process had claimed wait for their lease; this asserts delivery, not its speed.
    await until(() => untold().length === 0, 300_000).catch(async (e: unknown) => {
      const notes = (await api('GET', '/api/v5/notifications/?limit=500')).body.data as unknown[];
      throw new Error(`${String(e)}\nnever told: ${JSON.stringify(untold())}\nnotifications: ${JSON.stringify(notes)}`);
    });
    // A repeat of a message (sent, then the process died before recording it) has the same Message-ID
    // and the same incidents; a different set of incidents never reuses a Message-ID.
    const byId = new Map<string, string>();
    for (const m of svc.smtp.mails) {
      const key = [...told(m)].sort().join(',');
      expect(byId.get(m.messageId ?? '') ?? key).toBe(key);
      byId.set(m.messageId ?? '', key);
    }
    expect(svc.smtp.mails.some((m) => /\[Fleetwatch\] \d+ incidents/.test(m.subject ?? ''))).toBe(true);
    // Nothing is left half-sent.
    await until(async () => {
      const n = ((await api('GET', '/api/v5/notifications/?limit=500')).body.data as { alert_id: number; state: string }[]).filter((x) => x.alert_id !== 0);
      return n.length === alerts.length && n.every((x) => x.state === 'sent');
    }, 30_000);
  }, 600_000);
});
