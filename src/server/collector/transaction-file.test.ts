import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogBuffer } from './log-buffer';
import { LogSources } from './log-sources';
import { parseTransactionLine, splitEndpoint } from './transaction-file';
import { until } from '../testing/until';

const line = (...items: unknown[]) => JSON.stringify(items);

describe('splitEndpoint', () => {
  it.each([
    ['10.0.0.1:80', { ip: '10.0.0.1', port: 80 }],
    ['[::1]:5432', { ip: '::1', port: 5432 }],
    ['fe80::1:443', { ip: 'fe80::1', port: 443 }],
    ['10.0.0.1', null],
    ['10.0.0.1:99999', null],
    [':80', null],
  ])('%s', (s, want) => expect(splitEndpoint(s)).toEqual(want));
});

describe('parseTransactionLine', () => {
  it('reads the spec list, with an optional duration', () => {
    expect(parseTransactionLine('url', line('request', 1, 'shop', 1700000000.25, 42, 1, 7, '10.0.0.1:80', '10.0.0.9:51000', 'GET /cart HTTP/1.1', 0.012))).toEqual({
      log_type: 'url',
      event: 'request',
      version: 1,
      application: 'shop',
      time: 1700000000.25,
      pid: 42,
      ppid: 1,
      socket: 7,
      own_ip: '10.0.0.1',
      own_port: 80,
      peer_ip: '10.0.0.9',
      peer_port: 51000,
      statement: 'GET /cart HTTP/1.1',
      duration: 0.012,
    });
    expect(parseTransactionLine('sql', line('query', 1, 'shop', 1700000000, 42, 1, 7, '10.0.0.1:40000', '10.0.0.5:5432', 'SELECT 1'))).toMatchObject({
      log_type: 'sql',
      duration: 0,
    });
  });

  it.each([
    ['not json'],
    ['{"a":1}'],
    [line('request', 1, 'x', 1, 1, 1, 1, '10.0.0.1:80', '10.0.0.2:1')],
    [line('request', 1, 'x', 1, -5, 1, 1, '10.0.0.1:80', '10.0.0.2:1', 'GET /')],
    [line('request', 1, 'x', 1, 1, 1, 1, 'nohostport', '10.0.0.2:1', 'GET /')],
    [line('request', 1, 'x', 'soon', 1, 1, 1, '10.0.0.1:80', '10.0.0.2:1', 'GET /')],
  ])('refuses %s', (l) => expect(parseTransactionLine('url', l)).toBeNull());
});

describe('AFURL/AFSQL logs of the config', () => {
  const dirs: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('are tailed only while transactions are on and enabled, within the log limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tx-'));
    dirs.push(dir);
    const file = join(dir, 'url.log');
    writeFileSync(file, '');
    const buffer = new LogBuffer(() => 1_700_000_000);
    const sources = new LogSources(buffer, { pollMs: 20 });
    closers.push(() => sources.close());
    const logs = [{ id: 5, source_type: 'AFURL' as const, source: file, limit: 2 }];
    const msg = (i: number) => line('request', 1, 'shop', 1700000000 + i, 42, 1, 7, '10.0.0.1:80', '10.0.0.9:51000', `GET /${i}`) + '\n';

    // Transactions off: no tail starts. A line nobody reads is no event to wait for, so a bounded
    // wait of five polls shows that nothing arrives.
    await sources.apply(logs, false);
    appendFileSync(file, msg(0));
    await new Promise((r) => setTimeout(r, 100));
    expect(sources.checks(5)).toBe(0);
    expect(buffer.drainTransactions()).toEqual([]);

    await sources.apply(logs, true);
    await until(() => sources.checks(5) > 0); // positioned at the end
    appendFileSync(file, msg(1) + 'garbage\n' + msg(2) + msg(3));
    await until(() => (buffer.dropped.get(5) ?? 0) >= 1);
    expect(buffer.drainTransactions().map((t) => t.statement)).toEqual(['GET /1', 'GET /2']);
    expect(buffer.dropped.get(5)).toBe(1);
    expect(buffer.drain()).toEqual([]);
  });
});
