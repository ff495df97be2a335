import { describe, expect, it } from 'vitest';
import type { Batch } from '../../../../shared/ingest';
import { countKeys, Counters, planLogMessages, planPolled, planTransactions, storable } from './event-plan';

const M = 1_700_000_040;
const batchOf = (parts: Partial<Batch>): Batch =>
  ({ batch_id: 'b', guid: 'g', minute: M, server: {}, processes: [], process_details: [], connections: [], logs: [], polled: [], statsd: [], transactions: [], ...parts }) as Batch;
const msg = (time: number, severity: 'info' | 'warning' | 'critical', data = 'x') => ({ time, severity, data });
const txMsg = (time: number, log_type: 'url' | 'sql') => ({
  log_type, time, event: 'request', version: 1, application: '', pid: 1, ppid: 0, socket: 0, own_ip: 'a', own_port: 1, peer_ip: 'b', peer_port: 2, statement: 's', duration: 0,
});

describe('log and transaction plan', () => {
  const logs = new Map([[7, { id: 7, limit: 3 }]]);

  it('asks for the stored counts of each (log, minute) written, once, and only of known logs', () => {
    const b = batchOf({
      logs: [{ log_id: 7, messages: [msg(M + 1, 'info'), msg(M + 2, 'info'), msg(M - 5, 'warning')] }, { log_id: 8, messages: [msg(M, 'info')] }],
      transactions: [txMsg(M + 1.5, 'sql'), txMsg(M + 3, 'url')],
    });
    expect(countKeys(b, logs, { sql: { id: 9, limit: 10 } })).toEqual({ logIds: [7, 7, 9], minutes: [M, M - 60, M] });
  });

  it('numbers messages per minute after the stored ones and stops at the limit, counting by severity', () => {
    const counters = new Counters([{ log_id: 7, minute: M, info: 1, warning: 0, critical: 0 }]);
    const b = batchOf({ logs: [{ log_id: 7, messages: [msg(M + 1, 'critical', 'a'), msg(M + 2, 'warning', 'b'), msg(M + 3, 'info', 'dropped'), msg(M + 70, 'info', 'next')] }, { log_id: 8, messages: [msg(M, 'info')] }] });
    const rows = planLogMessages(b, logs, counters);
    expect(rows).toEqual({ logId: [7, 7, 7], minute: [M, M, M + 60], seq: [1, 2, 0], time: [M + 1, M + 2, M + 70], severity: [2, 1, 0], data: ['a', 'b', 'next'] });
    expect(counters.changed()).toEqual([
      { logId: 7, minute: M, c: { info: 1, warning: 1, critical: 1 } },
      { logId: 7, minute: M + 60, c: { info: 1, warning: 0, critical: 0 } },
    ]);
  });

  it('keeps transaction messages of logs that exist, within their limit, as info', () => {
    const counters = new Counters([]);
    const kept = planTransactions(batchOf({ transactions: [txMsg(M + 1, 'sql'), txMsg(M + 2, 'sql'), txMsg(M + 3, 'url')] }), { sql: { id: 9, limit: 1 } }, counters);
    expect(kept.map((k) => [k.logId, k.minute, k.t.time])).toEqual([[9, M, M + 1]]);
    expect(counters.changed()).toEqual([{ logId: 9, minute: M, c: { info: 1, warning: 0, critical: 0 } }]);
  });
});

describe('polled plan', () => {
  const result = (name: string, time: number, text: string, command_line = 'c') => ({
    name, command_name: 'n', command_line, time, status: 'OK' as const, text, values: [{ name: 'v', value: 1, unit: 'd', warn: 2 }],
  });

  it('keeps items in order of first appearance with their last command, and the last result of a minute', () => {
    const p = planPolled(batchOf({ polled: [result('a', M + 1, 'first'), result('b', M, 'b'), result('a', M + 5, 'second', 'c2')] }));
    expect(p.items).toEqual([{ name: 'a', commandName: 'n', commandLine: 'c2' }, { name: 'b', commandName: 'n', commandLine: 'c' }]);
    expect(p.values.map((v) => [v.name, v.minute, v.text])).toEqual([['b', M, 'b'], ['a', M, 'second']]);
    expect(JSON.parse(p.values[0]!.values)).toEqual([['v', 1, 'd', { warn: 2 }]]);
  });

  it('stores text with NUL as the replacement character (PostgreSQL text cannot hold NUL)', () => {
    expect(storable('a\0b')).toBe('a\uFFFDb');
    expect(planPolled(batchOf({ polled: [result('x\0', M, 't\0')] })).values[0]).toMatchObject({ name: 'x\uFFFD', text: 't\uFFFD' });
  });
});
