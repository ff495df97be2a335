import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBatch } from '../../../shared/batch-parse';
import { evaluationPayload } from '../../alerting/batch-parts';
import { createAlertEngine } from '../../alerting/engine';
import { startEvaluator } from '../../alerting/evaluator';
import { createTransports } from '../../alerting/notifier';
import { createAccount } from '../../services/accounts';
import { batchFor } from '../../testing/ingest';
import { until } from '../../testing/until';
import type { Store } from '../store';
import { createTestDatabase } from '../test-store';
import type { Pg } from './db';
import { addEvaluation, EVAL_CHANNEL } from './eval-queue';
import { openPostgresStore } from './open';
import { wakeListeners } from './wakeups';

/**
 * LISTEN/NOTIFY between replicas, on PostgreSQL whatever STORE the suite runs on: work queued through
 * one store wakes the evaluator and dispatcher listening through another (two replicas on one
 * database), also after the listening connection was lost. The evaluator here polls once an hour, so
 * only a notification can make it evaluate what the other replica queued.
 */
let db: { url: string; drop(): Promise<void> };
let a: Store & { pg: Pg };
let b: Store & { pg: Pg };
let accountId: number;
let serverId: number;
beforeAll(async () => {
  db = await createTestDatabase();
  a = (await openPostgresStore(db.url)).store;
  b = (await openPostgresStore(db.url)).store;
  await createAccount(a, 'replicas@example.com');
  accountId = (await a.accounts.findByEmail('replicas@example.com'))!.id;
  const now = Math.floor(Date.now() / 1000);
  serverId = (await a.pg.row<{ id: number }>(
    `INSERT INTO servers (account_id, guid, hostname, os, created) VALUES ($1, 'g', 'web-1', 'Linux', $2) RETURNING id`,
    [accountId, now],
  ))!.id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

const listeners = async () =>
  (await a.pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`))!.n;

/** Queues one evaluation through replica b, and wakes the listeners after the commit, as its ingest would. */
const queueOnB = async (minute: number) => {
  const batch = parseBatch(batchFor('g', minute)).data!;
  await b.pg.tx((tx) => addEvaluation(tx, accountId, serverId, minute, `g-${minute}`, () => evaluationPayload(batch, ['Server']), ['Server'], Date.now()));
  await wakeListeners(b.pg, EVAL_CHANNEL);
};

describe('LISTEN/NOTIFY between replicas', () => {
  it("wakes an idle evaluator for another replica's batch, and keeps waking it after its connection is lost", async () => {
    const engine = createAlertEngine({ repo: a.alertEngine, transports: createTransports({}), now: () => Math.floor(Date.now() / 1000) });
    const evaluator = startEvaluator(a.alertEngine, engine, { worker: 'replica-a', pollMs: 3_600_000 });
    try {
      await until(async () => (await listeners()) === 1);
      await queueOnB(Math.floor(Date.now() / 60_000) * 60 - 120);
      await until(async () => (await a.alertEngine.pendingEvaluations()) === 0);

      await a.pg.exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
      await until(async () => (await listeners()) === 1);
      await queueOnB(Math.floor(Date.now() / 60_000) * 60 - 60);
      await until(async () => (await a.alertEngine.pendingEvaluations()) === 0);
    } finally {
      await evaluator.stop();
    }
    await until(async () => (await listeners()) === 0);
  });

  it("calls the outbox's onWork for rows another replica queues, until it stops listening", async () => {
    let woken = 0;
    const stop = a.outbox.onWork(() => woken++);
    await until(async () => (await listeners()) === 1);
    await b.outbox.enqueue(accountId, [{ alertId: 1, alertHistoryId: 1, status: 'TEST', url: 'http://hooks.example/x', method: 'get', auth: null, secret: null }], Date.now());
    await until(() => woken === 1);
    await stop();
    await until(async () => (await listeners()) === 0);
    expect(woken).toBe(1);
  });
});
