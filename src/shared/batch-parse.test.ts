import { describe, expect, it } from 'vitest';
import { PROCESS_KEYS, parseBatch } from './batch-parse';
import { batch, processSample } from './ingest';

const E = 1_700_000_040;
const proc = (over: Record<string, unknown> = {}) => ({ pid: 10, create_time: 20, name: 'nginx', args: '-g daemon off', cpu: 1.5, memory: 3e6, ...over });
const body = (over: Record<string, unknown> = {}) => ({ batch_id: 'b-1', guid: 'g', minute: E, server: { cpu: 10, memory: 1000 }, processes: [proc()], ...over });

const txn = (time: number) => ({ log_type: 'url', time, pid: 1, own_ip: '10.0.0.1', own_port: 80, peer_ip: '10.0.0.2', peer_port: 5000, statement: 'GET /' });

/** What a caller can see of a parse: the data with its key order, or every issue. */
const seen = (r: ReturnType<typeof parseBatch>) => (r.success ? { data: JSON.stringify(r.data), keys: r.data.processes.map((p) => Object.keys(p)) } : { issues: r.error.issues });
const sameAsZod = (input: unknown) => expect(seen(parseBatch(input))).toEqual(seen(batch.safeParse(input)));

describe('parseBatch answers as the batch schema does', () => {
  it('checks the keys the schema has, in its order', () => {
    expect(Object.keys(processSample.shape)).toEqual([...PROCESS_KEYS]);
  });

  it.each([
    ['a full process', {}],
    ['no args (defaults to null)', { args: undefined }],
    ['args null', { args: null }],
    ['args at 4096', { args: 'a'.repeat(4096) }],
    ['args past 4096', { args: 'a'.repeat(4097) }],
    ['args a number', { args: 5 }],
    ['no optional number', { cpu: undefined, memory: undefined }],
    ['every number', Object.fromEntries(PROCESS_KEYS.slice(4).map((f, i) => [f, i * 1.25]))],
    ['unknown keys (dropped)', { extra: 1, more: 'x' }],
    ['pid 0 and a large create time', { pid: 0, create_time: 2 ** 53 - 1 }],
    ['pid negative', { pid: -1 }],
    ['pid fractional', { pid: 1.5 }],
    ['create_time past safe integers', { create_time: 2 ** 53 }],
    ['pid as text', { pid: '10' }],
    ['no pid', { pid: undefined }],
    ['no name', { name: undefined }],
    ['empty name', { name: '' }],
    ['name at 255', { name: 'n'.repeat(255) }],
    ['name past 255', { name: 'n'.repeat(256) }],
    ['cpu as text', { cpu: 'high' }],
    ['cpu null', { cpu: null }],
    ['memory infinite', { memory: Infinity }],
    ['flags NaN', { flags: NaN }],
    ['a nested object', { cpu: { a: 1 } }],
  ])('a process with %s', (_name, over) => {
    sameAsZod(body({ processes: [proc(), proc(over), proc({ pid: 11 })] }));
  });

  it.each(PROCESS_KEYS.slice(4))('a process whose %s is text, infinite or a list (each numeric field is checked)', (field) => {
    for (const bad of ['1', Infinity, [1]]) sameAsZod(body({ processes: [proc(), proc({ [field]: bad })] }));
    expect(parseBatch(body({ processes: [proc({ [field]: 'x' })] })).success).toBe(false);
  });

  it.each([
    ['no processes (default)', { processes: undefined }],
    ['no processes', { processes: [] }],
    ['processes null', { processes: null }],
    ['a process null', { processes: [proc(), null] }],
    ['a process a list', { processes: [[1, 2]] }],
    ['keys in another order', { processes: [{ name: 'x', cpu: 1, create_time: 2, pid: 1, args: null }] }],
    ['a process twice', { processes: [proc(), proc()] }],
    ['20,000 processes', { processes: Array.from({ length: 20_000 }, (_, i) => proc({ pid: i })) }],
    ['20,001 processes', { processes: Array.from({ length: 20_001 }, (_, i) => proc({ pid: i })) }],
    ['no server sample', { server: undefined }],
    ['a minute off the minute', { minute: E + 1 }],
    ['a bad server sample and a bad process', { server: { cpu: 'x' }, processes: [proc({ cpu: 'y' })] }],
    ['a bad process and a bad log', { processes: [proc({ pid: -2 })], logs: [{ log_id: 1, messages: [{ time: 1, severity: 'loud', data: '' }] }] }],
    ['unknown batch keys', { surprise: true }],
    ['log times at the edges of the slack', { logs: [{ log_id: 1, messages: [{ time: E - 120, severity: 'info', data: '' }, { time: E + 119, severity: 'info', data: '' }] }] }],
    ['a log time before the slack', { logs: [{ log_id: 1, messages: [{ time: E, severity: 'info', data: '' }, { time: E - 121, severity: 'info', data: '' }] }] }],
    ['a log time far ahead', { logs: [{ log_id: 1, messages: [{ time: 4_000_000_000, severity: 'info', data: '' }] }] }],
    ['a polled time past the slack', { polled: [{ name: 'n', command_name: 'c', command_line: 'c', time: E + 120, status: 'OK', text: '' }] }],
    ['a transaction time just inside', { transactions: [txn(E + 119.999)] }],
    ['a transaction time just before', { transactions: [txn(E - 120.001)] }],
    ['a bad process and a time out of range', { processes: [proc({ pid: -2 })], transactions: [txn(0)] }],
  ])('a batch with %s', (_name, over) => {
    sameAsZod(body(over));
  });

  it.each([null, [], 'batch', 5])('the body %j', (input) => {
    sameAsZod(input);
  });

  it('agrees on randomly spoiled processes', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const values = [undefined, null, 0, -1, 1.5, 2 ** 53, 'x', '', true, [], {}, Infinity, 'n'.repeat(256)];
    for (let k = 0; k < 2000; k++) {
      const p: Record<string, unknown> = proc();
      for (let m = rand(3); m >= 0; m--) p[[...PROCESS_KEYS, 'other'][rand(PROCESS_KEYS.length + 1)]!] = values[rand(values.length)];
      sameAsZod(body({ processes: [proc(), p] }));
    }
  });

  it.each([
    ['logs.0.messages.1.time', { logs: [{ log_id: 1, messages: [{ time: E, severity: 'info', data: '' }, { time: E + 3600, severity: 'info', data: '' }] }] }],
    ['polled.0.time', { polled: [{ name: 'n', command_name: 'c', command_line: 'c', time: 0, status: 'OK', text: '' }] }],
    ['transactions.1.time', { transactions: [txn(E + 1.5), txn(E + 120)] }],
  ])('refuses a message time outside the minute and its slack, at %s', (path, over) => {
    const r = parseBatch(body(over));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([path]);
  });

  it('hands back the processes it was given when zod would build the same records', () => {
    const p = proc();
    const r = parseBatch(body({ processes: [p] }));
    expect(r.success && r.data.processes[0]).toBe(p);
  });
});
