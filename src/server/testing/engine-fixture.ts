import { afterEach, beforeEach, expect } from 'vitest';
import { createEscalator } from '../alerting/escalator';
import { createTransports } from '../alerting/notifier';
import { startAlerting } from '../alerting/start';
import { reopenTestStore } from '../store/test-store';
import type { Store } from '../store/store';
import { startTestService, type TestService } from './harness';
import { batchFor, postBatch, type BatchInput } from './ingest';

/** Three hours ago, on a minute: the first minute tests feed. */
export const START = Math.floor(Date.now() / 60_000) * 60 - 3 * 3600;

/** A maintenance window time as the API takes it (UTC minute). */
export const fmt = (t: number) => new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ');

export interface EngineFixture {
  svc: TestService;
  alerting: ReturnType<typeof startAlerting>;
  /** The service's clock (epoch seconds); tests move it. */
  clock: number;
  owner: number;
  /** Creates an alert notifying the owner; answers its id. */
  alert(form: Record<string, unknown>): Promise<number>;
  /** Sends one batch per minute from START + from minutes, each shaped by `at(i)`, and waits for the engine. */
  feed(guid: string, minutes: number, at: (i: number) => Partial<BatchInput>, from?: number): Promise<void>;
  inIncident(id: number): Promise<boolean>;
  histories(id: number): Promise<{ id: number; start: number; end: number | null }[]>;
  /** The escalation walk of a second process on the same store (its own connection), on the same clock. */
  second(): Promise<{ escalate(): Promise<number> }>;
}

/**
 * The real service on a temporary SQLite file with the alert engine started, for one test file:
 * loopback callbacks and channels allowed, fast retries, no default alerts. A long `tickMs` leaves the dispatcher
 * to wake-ups only; `smtpUrl` is read when each test starts.
 */
export function useEngine(opts: { tickMs?: number; smtpUrl?: () => string; pagerDutyUrl?: () => string } = {}): EngineFixture {
  const f = {} as EngineFixture;
  beforeEach(async () => {
    f.clock = Math.floor(Date.now() / 1000);
    // Loopback receivers stand for Slack, Teams, PagerDuty and webhooks: channels may name them.
    f.svc = await startTestService({ outboundNets: { allow: '127.0.0.0/8' } }, () => f.clock);
    f.alerting = startAlerting(f.svc.deps, {
      allowNets: '127.0.0.0/8',
      smtpUrl: opts.smtpUrl?.(),
      pagerDutyUrl: opts.pagerDutyUrl?.(),
      dispatcher: { baseDelayMs: 100, tickMs: opts.tickMs ?? 50, timeoutMs: 2000 },
    });
    f.owner = (await f.svc.request('GET', '/api/users/')).body.data.find((u: { is_account_owner: boolean }) => u.is_account_owner).id;
  });
  const opened: Store[] = [];
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await f.alerting.stop();
    await f.svc.close();
  });
  f.alert = async (form) => {
    const r = await f.svc.request('POST', '/api/alerts/', { form: { name: 'a', users: [f.owner], ...form } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  f.feed = async (guid, minutes, at, from = 0) => {
    for (let i = from; i < from + minutes; i++) {
      const r = await postBatch(f.svc, batchFor(guid, START + i * 60, at(i)));
      expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    }
    await f.alerting.idle();
  };
  f.inIncident = async (id) => (await f.svc.request('GET', `/api/alerts/${id}/`)).body.in_incident as boolean;
  f.histories = async (id) => (await f.svc.request('GET', `/api/alert_histories/?filter=[${id}]&start=0`)).body.data;
  f.second = async () => {
    const store = await reopenTestStore(f.svc.storeEnv);
    opened.push(store);
    const links = { baseUrl: 'http://localhost:8080', secret: (accountId: number) => store.incidents.ackSecret(accountId) };
    const escalator = createEscalator({ store, transports: createTransports({}), now: () => f.clock, links });
    return { escalate: () => escalator.run() };
  };
  return f;
}
