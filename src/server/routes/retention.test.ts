import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from '../../shared/retention';
import { runRetention } from '../services/retention';
import { eventServer, seedLog, sendEvents, type EventServer } from '../testing/event-batches';
import { startTestService, type TestAccount, type TestService } from '../testing/harness';
import { createUser, type TestUser } from '../testing/team';

const DAY = 86_400;
const NOW = 1_700_006_400 + 12 * 3600; // noon, 2023-11-15 UTC
let svc: TestService;
let manager: TestUser;
let regular: TestUser;
let mine: EventServer;
let theirs: EventServer;

const get = (as?: TestAccount) => svc.request('GET', '/api/v5/retention/', { as });
const put = (form: Record<string, unknown>, as?: TestAccount) => svc.request('PUT', '/api/v5/retention/', { form, as });
const rows = async (table: string, account: TestAccount, col = 'time') =>
  (await svc.sql.all<{ t: number }>(`SELECT ${col} AS t FROM ${table} WHERE account_id = ? ORDER BY ${col}`, account.id)).map((r) => Number(r.t));

/** Minutes of each server at 5 days, 1 day and 0 days old, with a log message and a transaction each. */
async function seed(s: EventServer) {
  const log = await seedLog(svc, s, 'FILE', '/var/log/a.log');
  for (const minute of [NOW - 5 * DAY, NOW - DAY, NOW - 60]) {
    await sendEvents(svc, s, minute, {
      logs: [{ log_id: log, messages: [{ time: minute, severity: 'info', data: 'x' }] }],
      transactions: [{ log_type: 'sql', time: minute, pid: 1, own_ip: 'a', own_port: 1, peer_ip: 'b', peer_port: 2, statement: 'SELECT 1' }],
    });
  }
  for (const end of [NOW - 10 * DAY, NOW - DAY]) {
    await svc.sql.run('INSERT INTO alert_histories (account_id, alert_id, start, "end", subject) VALUES (?, 1, ?, ?, ?)', s.account.id, end - 600, end, 'x');
  }
  await svc.sql.run('INSERT INTO alert_histories (account_id, alert_id, start, "end", subject) VALUES (?, 1, ?, NULL, ?)', s.account.id, NOW - 20 * DAY, 'open');
  // A schedule's overrides that ended 10 days and 1 day ago, and one that runs now.
  const owner = (await svc.request('GET', '/api/users/', { as: s.account })).body.data[0].id as number;
  const rotations = [{ users: [owner], start: NOW - 30 * DAY, handoff_time: '09:00', length: { unit: 'week', count: 1 } }];
  const schedule = await svc.request('POST', '/api/v5/schedules/', { as: s.account, json: { name: 'primary', time_zone: 'UTC', rotations } });
  expect(schedule.status).toBe(201);
  for (const [start, end] of [[NOW - 11 * DAY, NOW - 10 * DAY], [NOW - 2 * DAY, NOW - DAY], [NOW - 3600, NOW + 3600]]) {
    await svc.sql.run('INSERT INTO schedule_overrides (account_id, schedule_id, user_id, start, "end", created) VALUES (?, ?, ?, ?, ?, ?)', s.account.id, schedule.body.id, owner, start, end, NOW);
  }
}

beforeAll(async () => {
  svc = await startTestService({}, () => NOW);
  manager = await createUser(svc, 2);
  regular = await createUser(svc, 3);
  await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true } });
  await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true }, as: svc.other });
  mine = await eventServer(svc, svc.account, 'mine');
  theirs = await eventServer(svc, svc.other, 'theirs');
  await seed(mine);
  await seed(theirs);
});
afterAll(() => svc.close());

describe('GET /retention/', () => {
  it('answers the defaults of before issue 21, each category with its rows, bytes and growth, and the store size', async () => {
    const r = await get(regular);
    expect(r.status).toBe(200);
    expect(r.body.retention).toEqual(DEFAULT_RETENTION_DAYS);
    expect(r.body.defaults).toEqual(DEFAULT_RETENTION_DAYS);
    const minute = r.body.usage.find((u: { category: string }) => u.category === 'minute');
    // Three server minutes (the 5-day-old one, yesterday's and today's); one of them in the last 24 hours.
    expect(minute).toMatchObject({ category: 'minute', keep_days: 30 });
    expect(minute.rows).toBeGreaterThanOrEqual(3);
    expect(minute.bytes).toBeGreaterThan(0);
    expect(minute.growth_per_day).toBeGreaterThan(0);
    expect(minute.growth_per_day).toBeLessThan(minute.bytes);
    const histories = r.body.usage.find((u: { category: string }) => u.category === 'alert_histories');
    expect(histories).toMatchObject({ keep_days: null, rows: 3 });
    expect(r.body.usage.map((u: { category: string }) => u.category)).toEqual(['minute', 'hour', 'day', 'process_details', 'logs', 'traces', 'alert_histories']);
    expect(r.body.store.total_bytes).toBeGreaterThan(0);
    if (r.body.store.kind === 'sqlite') expect(r.body.store.free_bytes).toBeGreaterThan(0);
    else expect(r.body.store.free_bytes).toBeNull();
  });

  it("counts only the caller's account: another account's rows are not in its usage", async () => {
    await svc.sql.run('INSERT INTO alert_histories (account_id, alert_id, start, "end", subject) VALUES (?, 1, ?, ?, ?)', svc.other.id, NOW - 100, NOW - 50, 'extra');
    const m = (await get()).body.usage.find((u: { category: string }) => u.category === 'alert_histories');
    const o = (await get(svc.other)).body.usage.find((u: { category: string }) => u.category === 'alert_histories');
    expect([m.rows, o.rows]).toEqual([3, 4]);
    await svc.sql.run("DELETE FROM alert_histories WHERE account_id = ? AND subject = 'extra'", svc.other.id);
  });
});

describe('PUT /retention/', () => {
  it.each([
    [{ minute: 0 }, 'minute', /minute must be between 1 and 400/],
    [{ minute: 401 }, 'minute', /minute must be between 1 and 400/],
    [{ minute: 'soon' }, 'minute', /minute must be an integer/],
    [{ logs: 0 }, 'logs', /logs (must be between 1 and 400|cannot be kept forever)/],
    [{ hour: 3651 }, 'hour', /hour must be between 0 and 3650/],
    [{ hour: 10 }, 'hour', /hour \(10 days\) must be at least minute \(30 days\)/],
    [{ day: 100 }, 'day', /day \(100\) must be at least hour \(400 days\)/],
    [{ weeks: 3 }, undefined, /weeks/],
    [{}, undefined, /give at least one of minute/],
  ])('%j: 400 naming the problem, nothing stored', async (form, field, message) => {
    const r = await put(form);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(message);
    if (field) expect(r.body.error.field).toBe(field);
    expect((await get()).body.retention).toEqual(DEFAULT_RETENTION_DAYS);
  });

  it('is the account owner\'s alone: a Manager and a Regular user get 403 and change nothing', async () => {
    for (const who of [manager, regular]) {
      const r = await put({ minute: 7 }, who);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toMatch(/needs the account owner/);
    }
    expect((await get()).body.retention.minute).toBe(30);
  });

  it('changes the categories given, keeps the others, takes 0 as forever, and is audited with before and after', async () => {
    const r = await put({ alert_histories: 0, day: 0 });
    expect(r.status).toBe(200);
    expect(r.body.retention).toEqual(DEFAULT_RETENTION_DAYS);
    const j = await svc.request('PUT', '/api/v5/retention/', { json: { logs: 14, hour: 90 } });
    expect(j.status).toBe(200);
    expect(j.body.retention).toEqual({ ...DEFAULT_RETENTION_DAYS, logs: 14, hour: 90 });
    expect((await get(regular)).body.retention).toEqual({ ...DEFAULT_RETENTION_DAYS, logs: 14, hour: 90 });
    expect((await get(svc.other)).body.retention).toEqual(DEFAULT_RETENTION_DAYS);
    const audit = (await svc.request('GET', '/api/audit/?resource=retention')).body.data;
    expect(audit[0]).toMatchObject({
      user_email: svc.account.email, action: 'update', resource: 'retention',
      before: expect.objectContaining({ retention: expect.objectContaining({ logs: 30, hour: 400 }) }),
      after: expect.objectContaining({ retention: expect.objectContaining({ logs: 14, hour: 90 }) }),
    });
  });
});

describe('the retention job', () => {
  it("deletes what the account's own setting says is past, and leaves another account's data to its own setting", async () => {
    expect((await put({ minute: 2, process_details: 2, logs: 3, traces: 7, alert_histories: 5, hour: 90 })).status).toBe(200);
    const before = { mine: await rows('tm_server_minutes', svc.account), theirs: await rows('tm_server_minutes', svc.other) };
    expect(before.mine).toEqual([NOW - 5 * DAY, NOW - DAY, NOW - 60]);
    expect(before.theirs).toEqual(before.mine);

    const removed = await runRetention(svc.deps);
    expect(removed).toBeGreaterThan(0);
    // Minute retention 2 days: the 5-day-old minute goes (log messages too: 3 days), traces stay (7 days).
    expect(await rows('tm_server_minutes', svc.account)).toEqual([NOW - DAY, NOW - 60]);
    expect(await rows('log_messages', svc.account, 'minute')).toEqual([NOW - DAY, NOW - 60]);
    expect(await rows('transaction_messages', svc.account, 'minute')).toEqual([NOW - 5 * DAY, NOW - DAY, NOW - 60]);
    // Closed histories older than 5 days go; the open one stays whatever its age.
    expect((await svc.sql.all<{ subject: string }>('SELECT subject FROM alert_histories WHERE account_id = ? ORDER BY start', svc.account.id)).map((r) => r.subject)).toEqual(['open', 'x']);
    // The other account keeps the defaults: nothing of it is 30 days old, and its histories are kept forever.
    expect(await rows('tm_server_minutes', svc.other)).toEqual(before.theirs);
    expect(await rows('log_messages', svc.other, 'minute')).toEqual([NOW - 5 * DAY, NOW - DAY, NOW - 60]);
    expect((await svc.sql.all('SELECT id FROM alert_histories WHERE account_id = ?', svc.other.id)).length).toBe(3);
    // Overrides that ended before the histories' cut go with them; the one running now stays, and the
    // other account (histories kept forever) keeps all three.
    expect(await rows('schedule_overrides', svc.account, '"end"')).toEqual([NOW - DAY, NOW + 3600]);
    expect(await rows('schedule_overrides', svc.other, '"end"')).toEqual([NOW - 10 * DAY, NOW - DAY, NOW + 3600]);
    const shown = (await svc.request('GET', '/api/v5/schedules/')).body.data[0].overrides as { end: number }[];
    expect(shown.map((o) => o.end)).toEqual([NOW - DAY, NOW + 3600]);

    // A longer setting keeps more: traces down to 3 days now removes the 5-day-old one.
    await put({ traces: 3 });
    await runRetention(svc.deps);
    expect(await rows('transaction_messages', svc.account, 'minute')).toEqual([NOW - DAY, NOW - 60]);
    expect(await rows('transaction_messages', svc.other, 'minute')).toEqual([NOW - 5 * DAY, NOW - DAY, NOW - 60]);
  });

  it('keeps what an account keeps longer than the default, while accounts on the default lose theirs (partitions stay for the longest on PostgreSQL)', async () => {
    const third = await svc.newAccount('third@example.org');
    expect((await put({ minute: 60 }, third)).status).toBe(200);
    const long = await eventServer(svc, third, 'long');
    await sendEvents(svc, long, NOW - 40 * DAY, {});
    await sendEvents(svc, theirs, NOW - 40 * DAY, {});
    expect(await rows('tm_server_minutes', svc.other)).toContain(NOW - 40 * DAY);
    await runRetention(svc.deps);
    expect(await rows('tm_server_minutes', third)).toEqual([NOW - 40 * DAY]);
    expect(await rows('tm_server_minutes', svc.other)).toEqual([NOW - 5 * DAY, NOW - DAY, NOW - 60]);
  });
});
