import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';
import { registerTestServer } from '../../testing/ingest';
import type { Db } from './db';

// SQLite keeps each server's alerts for the engine under a version per account that triggers bump
// (schema-engine-versions.ts, engine-alert-cache.ts). What bumps it, what must not, and why nothing is
// kept from inside a transaction.
let svc: TestService;
let db: Db;
let server: number;
let owner: number;
beforeEach(async () => {
  svc = await startTestService({ defaultAlerts: false });
  db = (svc.deps.store as unknown as { db: Db }).db;
  server = await registerTestServer(svc, 'v');
  owner = (await svc.request('GET', '/api/users/')).body.data[0].id;
});
afterEach(async () => svc.close());

const version = () => (db.prepare('SELECT v FROM engine_versions WHERE account_id = ?').pluck().get(svc.account.id) as number | undefined) ?? 0;
const names = async () => (await svc.deps.store.alertEngine.alertsForServer(svc.account.id, server)).map((a) => a.name);
const alert = async (name: string) =>
  (await svc.request('POST', '/api/alerts/', { form: { name, type: 'Server', target_id: server, trigger_type: 'CPU', threshold: 90, users: [owner] } })).body.id as number;

describe('engine versions', () => {
  it('move with every table the alerts of a server are read from, and not with what the read leaves out', async () => {
    const id = await alert('cpu');
    const steps: [string, () => unknown, boolean][] = [
      ['an alert edited', () => db.prepare('UPDATE alerts SET threshold = 80 WHERE id = ?').run(id), true],
      ['an alert paused', () => db.prepare('UPDATE alerts SET active = 0 WHERE id = ?').run(id), true],
      ['when it last triggered', () => db.prepare('UPDATE alerts SET last_triggered = 5 WHERE id = ?').run(id), false],
      ['a log added', () => svc.request('POST', '/api/logs/', { form: { server, type: 'FILE', source: '/var/log/x.log' } }), true],
      ['a server tagged', () => db.prepare("INSERT INTO server_tags (account_id, name) VALUES (?, 't')").run(svc.account.id), false],
      ['an alert deleted', () => db.prepare('DELETE FROM alerts WHERE id = ?').run(id), true],
    ];
    for (const [what, change, moves] of steps) {
      const before = version();
      await change();
      expect(version() > before, what).toBe(moves);
    }
  });

  it('move when the account is deleted and its alerts go with it', async () => {
    await alert('cpu');
    const before = version();
    db.prepare('DELETE FROM accounts WHERE id = ?').run(svc.account.id);
    expect(version()).toBeGreaterThan(before);
  });

  it('keep nothing read inside a transaction: a rolled-back alert is never answered later', async () => {
    await alert('kept');
    expect(await names()).toEqual(['kept']);
    const v = version();
    let inside: Promise<string[]> | undefined;
    let during = 0;
    try {
      db.transaction(() => {
        db.prepare("UPDATE alerts SET name = 'rolled back' WHERE account_id = ?").run(svc.account.id);
        during = version();
        inside = names();
        throw new Error('roll back');
      })();
    } catch {
      // rolled back
    }
    expect(await inside).toEqual(['rolled back']);
    expect(version()).toBe(v);
    // A change committed now reaches the version the rolled-back one had reached.
    db.prepare('UPDATE alerts SET threshold = 70 WHERE account_id = ?').run(svc.account.id);
    expect(version()).toBe(during);
    expect(await names()).toEqual(['kept']);
  });
});
