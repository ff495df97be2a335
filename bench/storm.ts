// The alert storm (issue 18): BENCH_STORM_SERVERS (default 1,000) servers' CPU alerts trigger within one
// minute, each e-mailing three people, with the default 30 s group window. The figure is, per incident,
// the time from its triggering batch's acknowledgement (201) to the last grouped e-mail telling it being
// handed to a loopback SMTP server (every recipient's), p50/p99/max; goal p99 <= 60 s window included.
// Runs alone with `BENCH_ONLY=storm npm run bench` (BENCH_STORES as for the rest), or `tsx bench/storm.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { batch } from './fleet';
import { pgAdminUrl, scratchDatabase } from './pg-scratch';
import { machine, publish, Report, type Figure } from './report';
import { pool, startBenchService, type BenchService } from './service';

const SERVERS = Number(process.env.BENCH_STORM_SERVERS ?? 1000);
const RECIPIENTS = 3;
const WAVES = 12;

interface Received {
  at: number;
  to: string[];
  raw: string;
}

/** A loopback SMTP server that records when each message was handed over. */
async function smtpSink() {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ at: performance.now(), to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { mails, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The alert ids a message tells: its link to the Incidents page names every one (alerts=...); a lone alert e-mail none. */
const alertsOf = (raw: string): number[] => {
  const m = /alerts=3D([\d,]+)|alerts=([\d,]+)/.exec(raw.replace(/=\r?\n/g, ''));
  return m ? (m[1] ?? m[2]!).split(',').map(Number) : [];
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

async function storm(svc: BenchService, sink: Awaited<ReturnType<typeof smtpSink>>, label: string, fig: Figure) {
  const json = async (method: string, path: string, body?: unknown) => JSON.parse((await svc.call(method, path, body === undefined ? undefined : JSON.stringify(body))).text);
  const owner = (await json('GET', '/api/v5/me/')).id as number;
  const users = [owner];
  for (let i = 1; i < RECIPIENTS; i++) {
    users.push((await json('POST', '/api/v5/users/', { first_name: `On${i}`, last_name: 'Call', email: `oncall${i}@example.com`, country_code: 1, phone_number: 5550100 + i, role: 3 })).id);
  }
  const settings = await json('GET', '/api/v5/notification_settings/');
  const guids = Array.from({ length: SERVERS }, (_, i) => `storm-${i}`);
  const alertOf = new Map<string, number>();
  await pool(guids, async (g) => {
    const server = await svc.register(g);
    const a = await json('POST', '/api/v5/alerts/', { name: `cpu ${g}`, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, time_above_threshold: 1, users });
    alertOf.set(g, a.id as number);
  });
  console.log(`[${label}] storm: ${SERVERS} servers, ${RECIPIENTS} recipients each, group window ${settings.group_wait_s} s; triggering over one minute in ${WAVES} waves`);

  const minute = Math.floor(Date.now() / 60_000) * 60 - 3600;
  const acked = new Map<number, number>();
  const t0 = performance.now();
  for (let w = 0; w < WAVES; w++) {
    const wave = guids.filter((_, i) => i % WAVES === w);
    await pool(wave, async (g) => {
      await svc.call('POST', '/api/v5/collector/batches', JSON.stringify({ ...batch(g, 0, minute, 0), server: { cpu: 99, memory: 1 } }));
      acked.set(alertOf.get(g)!, performance.now());
    });
    const next = t0 + ((w + 1) * 60_000) / WAVES;
    if (w < WAVES - 1) await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }

  // Each incident is told once every recipient got a message naming its alert: the last of those counts.
  const deadline = performance.now() + 300_000;
  const toldAt = new Map<number, Map<string, number>>();
  let read = 0;
  while (performance.now() < deadline) {
    for (; read < sink.mails.length; read++) {
      const m = sink.mails[read]!;
      for (const a of alertsOf(m.raw)) {
        const by = toldAt.get(a) ?? new Map<string, number>();
        for (const to of m.to) if (!by.has(to)) by.set(to, m.at);
        toldAt.set(a, by);
      }
    }
    if ([...acked.keys()].every((a) => (toldAt.get(a)?.size ?? 0) >= RECIPIENTS)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const lat = [...acked].map(([a, at]) => {
    const by = toldAt.get(a);
    return by && by.size >= RECIPIENTS ? (Math.max(...by.values()) - at) / 1000 : Infinity;
  });
  const missing = lat.filter((x) => !Number.isFinite(x)).length;
  const perRecipient = sink.mails.length / RECIPIENTS;
  const s = (x: number) => `${x.toFixed(1)} s`;
  console.log(
    `[${label}] storm: batch acknowledged -> last grouped e-mail telling it handed to SMTP: p50 ${s(pct(lat, 0.5))}, p99 ${s(pct(lat, 0.99))}, max ${s(pct(lat, 1))} ` +
      `(goal p99 <= 60 s, window included); ${sink.mails.length} e-mails (${perRecipient.toFixed(1)} per recipient) for ${SERVERS} incidents${missing ? `; ${missing} incidents never told` : ''}`,
  );
  fig('storm: batch acknowledged -> last grouped e-mail at SMTP', `p50 ${s(pct(lat, 0.5))}, p99 ${s(pct(lat, 0.99))}`, '<= 60 s (p99)');
  fig('storm: e-mails per recipient', `${perRecipient.toFixed(1)} for ${SERVERS} incidents`);
}

/** The storm on SQLite and, when PostgreSQL is configured, on PostgreSQL (BENCH_STORES picks one). */
export async function runStorm(report = new Report('storm', ['SQLite', 'PostgreSQL'])): Promise<Report> {
  const only = process.env.BENCH_STORES;
  const one = async (label: 'SQLite' | 'PostgreSQL', pgUrl?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-storm-'));
    const sink = await smtpSink();
    process.env.BENCH_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
    process.env.BENCH_ALERTS = '0';
    const svc = await startBenchService(dir, pgUrl);
    try {
      await storm(svc, sink, label, report.column(label));
    } finally {
      await svc.stop();
      await sink.close();
      delete process.env.BENCH_SMTP_URL;
      delete process.env.BENCH_ALERTS;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  if (only !== 'postgres') await one('SQLite');
  const admin = pgAdminUrl();
  if (only !== 'sqlite' && admin !== null) {
    const db = await scratchDatabase(admin, 'fw_storm');
    try {
      await one('PostgreSQL', db.url);
    } finally {
      await db.drop();
    }
  } else if (only !== 'sqlite') report.note('PostgreSQL not run (no BENCH_PG_URL).');
  return report;
}

export const stormCaption = () =>
  `Measured ${machine()}, by \`BENCH_ONLY=storm npm run bench\`: ${SERVERS.toLocaleString('en-US')} servers' CPU alerts triggering over one minute (${WAVES} waves), ${RECIPIENTS} recipients each, default 30 s group window, loopback SMTP.`;

if (import.meta.url === `file://${process.argv[1]}`) publish(await runStorm(), stormCaption());
