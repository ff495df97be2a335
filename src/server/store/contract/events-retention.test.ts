import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventServer, seedLog, sendEvents } from '../../testing/event-batches';
import { startTestService, type TestService } from '../../testing/harness';

let svc: TestService;
const DAY = 86_400;
const NOW = 1_700_000_040;
const count = async (table: string) => Number((await svc.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
const TABLES = ['log_counts', 'log_messages', 'polled_values', 'socket_connections', 'transaction_messages'];

beforeAll(async () => {
  svc = await startTestService();
  // Transactions on: the server gets its AFURL and AFSQL logs at registration.
  await svc.request('PUT', '/api/transactions/', { form: { transactions_on: true, transactions_enabled: true } });
  const s = await eventServer(svc, svc.account, 'old');
  const log = await seedLog(svc, s, 'FILE', '/var/log/a.log');
  for (const minute of [NOW - 31 * DAY, NOW]) {
    await sendEvents(svc, s, minute, {
      logs: [{ log_id: log, messages: [{ time: minute, severity: 'info', data: 'x' }] }],
      polled: [{ name: 'p', command_name: 'c', command_line: 'c', time: minute, status: 'OK', text: 'ok', values: [] }],
      connections: [{ pid: 1, create_time: 1, role: 'client', local_ip: 'a', local_port: 1, peer_ip: 'b', peer_port: 2 }],
      transactions: [{ log_type: 'sql', time: minute, pid: 1, own_ip: 'a', own_port: 1, peer_ip: 'b', peer_port: 2, statement: 'SELECT 1' }],
    });
  }
});
afterAll(() => svc.close());

// On PostgreSQL retention drops whole day partitions: the old minutes here lie a day or more before the cut.
describe('retention of event data', () => {
  it('deletes minute data older than the minute retention with the telemetry job, keeping the rest', async () => {
    // log_counts holds the FILE log's and the AFSQL log's minutes.
    const counts = async () => {
      const out: number[] = [];
      for (const t of TABLES) out.push(await count(t));
      return out;
    };
    const before = await counts();
    expect(before).toEqual([4, 2, 2, 2, 2]);
    await svc.deps.store.telemetry.enforceRetention(NOW, { minute: 30 * DAY, hour: null, day: null, batchIds: 8 * DAY });
    expect(await counts()).toEqual([2, 1, 1, 1, 1]);
  });
});
