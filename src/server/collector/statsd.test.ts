import StatsD from 'hot-shots';
import { afterEach, describe, expect, it } from 'vitest';
import { statsdFlush } from '../../shared/ingest';
import { StatsdAggregator, listenStatsd, parseStatsdLine, parseStatsdPacket, type StatsdMetric } from './statsd';
import { until } from '../testing/until';

describe('parseStatsdLine', () => {
  it.each([
    ['hits:1|c', { name: 'hits', type: 'counter', value: 1, rate: 1 }],
    ['hits:3|c|@0.5', { name: 'hits', type: 'counter', value: 3, rate: 0.5 }],
    ['temp:-4|g', { name: 'temp', type: 'gauge', value: -4, rate: 1, delta: true }],
    ['temp:20|g|#env:prod', { name: 'temp', type: 'gauge', value: 20, rate: 1 }],
    ['rt:12.5|ms', { name: 'rt', type: 'time', value: 12.5, rate: 1 }],
    ['rt:7|h', { name: 'rt', type: 'time', value: 7, rate: 1 }],
    ['users:bob|s', { name: 'users', type: 'set', value: 0, member: 'bob', rate: 1 }],
  ] as [string, StatsdMetric][])('%s', (line, m) => expect(parseStatsdLine(line)).toEqual(m));

  it.each(['', 'nocolon|c', 'x:1', 'x:abc|c', 'x:1|zz', 'x:1|c|@0', 'x:1|c|@2', 'x:|g', 'x:|s'])('refuses %j', (line) =>
    expect(parseStatsdLine(line)).toBeNull(),
  );

  it('splits a packet into lines and drops the bad ones', () => {
    expect(parseStatsdPacket('a:1|c\nbad\nb:2|g').map((m) => m.name)).toEqual(['a', 'b']);
  });
});

describe('StatsdAggregator', () => {
  it('sums counters by sample rate, averages timers, counts set members and keeps gauges for deltas', () => {
    const agg = new StatsdAggregator();
    for (const l of ['c:1|c', 'c:2|c|@0.5', 't:10|ms', 't:20|ms', 's:a|s', 's:b|s', 's:a|s', 'g:10|g', 'g:+5|g', 'g:-2|g']) {
      agg.add(parseStatsdLine(l)!);
    }
    const first = agg.flush().map((f) => statsdFlush.parse(f));
    expect(first).toEqual(
      expect.arrayContaining([
        { name: 'c', type: 'counter', value: 5, count: 2 },
        { name: 't', type: 'time', value: 15, count: 2 },
        { name: 's', type: 'set', value: 2, count: 2 },
        { name: 'g', type: 'gauge', value: 13, count: 3 },
      ]),
    );
    expect(first).toHaveLength(4);
    // Untouched gauges are not re-sent, but a delta applies to the kept value.
    expect(agg.flush()).toEqual([]);
    agg.add(parseStatsdLine('g:+1|g')!);
    expect(agg.flush()).toEqual([{ name: 'g', type: 'gauge', value: 14, count: 1 }]);
  });
});

describe('StatsD over UDP from the hot-shots client', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });

  it('aggregates counters, gauges, timers and sets sent by hot-shots', async () => {
    const agg = new StatsdAggregator();
    const l = await listenStatsd(agg, 0, '127.0.0.1');
    closers.push(l.close);
    const client = new StatsD({ host: '127.0.0.1', port: l.port, prefix: 'app.', maxBufferSize: 0 });
    closers.push(() => new Promise<void>((r) => client.close(() => r())));
    const sent = (fn: (cb: (err?: Error) => void) => void) => new Promise<void>((res, rej) => fn((e) => (e ? rej(e) : res())));
    await sent((cb) => client.increment('requests', 1, cb));
    await sent((cb) => client.increment('requests', 4, cb));
    await sent((cb) => client.gauge('queue', 10, cb));
    await sent((cb) => client.gaugeDelta('queue', -3, cb));
    await sent((cb) => client.timing('latency', 30, cb));
    await sent((cb) => client.timing('latency', 50, cb));
    await sent((cb) => client.set('visitors', 'ann', cb));
    await sent((cb) => client.set('visitors', 'bob', cb));
    await sent((cb) => client.set('visitors', 'ann', cb));

    // Datagrams arrive asynchronously: flush once all nine are in.
    await until(() => agg.received >= 9);
    const seen = agg.flush();
    const by = Object.fromEntries(seen.map((f) => [f.name, f]));
    expect(by['app.requests']).toMatchObject({ type: 'counter', value: 5, count: 2 });
    expect(by['app.queue']).toMatchObject({ type: 'gauge', value: 7 });
    expect(by['app.latency']).toMatchObject({ type: 'time', value: 40, count: 2 });
    expect(by['app.visitors']).toMatchObject({ type: 'set', value: 2 });
  });
});
