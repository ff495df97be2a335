import { describe, expect, it } from 'vitest';
import { batch as batchSchema, type Batch } from '../../shared/ingest';
import { buildFleet, type DemoServer } from './fleet';
import { fleetBatches, generateBatch, generateMinute, type ServerEnv } from './generate';
import { dataMount } from './disks';
import { INCIDENT_KINDS, incidentsBetween } from './incidents';
import { logsToCreate, SERVICE_LOG } from './logs';
import { CRASH_LOOP_ARGS } from './processes';

const fleet = buildFleet(25, 7);
const NOW = 1_795_000_020 - (1_795_000_020 % 60);
const DAY = 86_400;

/** Every log the demo configures, with made-up ids, as the collector config would list them. */
function envOf(s: DemoServer): ServerEnv {
  return { logs: logsToCreate(s).map((l, i) => ({ id: s.index * 10 + i + 1, source_type: l.type, source: l.source, limit: 2000 })), transactions: true };
}
const batchOf = (s: DemoServer, minute: number) => generateBatch(fleet, s, minute, envOf(s));
const host = (name: string) => fleet.servers.find((s) => s.hostname === name)!;

describe('demo fleet generator', () => {
  it('builds 25 servers across the three OSes and the tiers', () => {
    expect(fleet.servers).toHaveLength(25);
    expect(new Set(fleet.servers.map((s) => s.os))).toEqual(new Set(['Linux', 'Windows', 'Solaris']));
    expect(new Set(fleet.servers.map((s) => s.tier))).toEqual(new Set(['lb', 'web', 'app', 'db', 'cache', 'batch', 'mail', 'dc']));
    expect(new Set(fleet.servers.map((s) => s.guid)).size).toBe(25);
    expect(new Set(fleet.servers.map((s) => s.ip)).size).toBe(25);
    expect(buildFleet(1000, 7).servers.map((s) => s.hostname)).toHaveLength(1000);
    expect(new Set(buildFleet(1000, 7).servers.map((s) => s.guid)).size).toBe(1000);
  });

  it('is deterministic: the same seed and minute give the same batch, another seed does not', () => {
    const a = generateMinute(fleet, NOW, envOf);
    const b = generateMinute(buildFleet(25, 7), NOW, envOf);
    expect(b).toEqual(a);
    const other = generateMinute(buildFleet(25, 8), NOW, envOf);
    expect(other.map((x) => x.server.cpu)).not.toEqual(a.map((x) => x.server.cpu));
    expect(a[0]!.batch_id).toBe(`${fleet.servers[0]!.guid}-${NOW}`);
  });

  it('gives batches that pass the protocol schema, with 15-40 processes', () => {
    // A detail minute, a polling minute and an ordinary one, across a day.
    for (const minute of [NOW - (NOW % 600), NOW - (NOW % 300) + 60, NOW - 7 * 3600 + 120, NOW - DAY]) {
      for (const b of generateMinute(fleet, minute, envOf)) {
        const parsed = batchSchema.safeParse(b);
        if (!parsed.success) throw new Error(`${b.batch_id}: ${parsed.error.message}`);
        expect(b.minute % 60).toBe(0);
        expect(b.processes.length).toBeGreaterThanOrEqual(15);
        expect(b.processes.length).toBeLessThanOrEqual(40);
        const ids = b.processes.map((p) => `${p.pid}_${p.create_time}`);
        expect(new Set(ids).size).toBe(ids.length);
        expect(b.server.process_num).toBe(b.processes.length);
        for (const p of b.processes) expect(p.create_time).toBeLessThan(minute + 60);
      }
    }
  });

  it('carries every kind of data somewhere in the fleet', () => {
    const minute = NOW - (NOW % 600);
    const all = generateMinute(fleet, minute, envOf);
    const some = (f: (b: Batch) => number) => all.reduce((n, b) => n + f(b), 0);
    expect(some((b) => b.process_details.length)).toBeGreaterThan(300);
    expect(some((b) => b.connections.length)).toBeGreaterThan(50);
    expect(some((b) => b.logs.length)).toBeGreaterThan(20);
    expect(some((b) => b.polled.length)).toBeGreaterThan(5);
    expect(some((b) => b.statsd.length)).toBeGreaterThan(20);
    expect(some((b) => b.transactions.filter((t) => t.log_type === 'url').length)).toBeGreaterThan(5);
    expect(some((b) => b.transactions.filter((t) => t.log_type === 'sql').length)).toBeGreaterThan(5);
    const types = new Set(fleet.servers.flatMap((s) => logsToCreate(s).map((l) => l.type)));
    expect(types).toEqual(new Set(['FILE', 'SYSLOG', 'EVENTLOG']));
    expect(generateMinute(fleet, minute, (s) => ({ ...envOf(s), transactions: false })).every((b) => b.transactions.length === 0)).toBe(true);
  });

  it('keeps pids and create times stable from minute to minute', () => {
    for (const s of fleet.servers) {
      const key = (b: Batch) => new Set(b.processes.filter((p) => p.args !== CRASH_LOOP_ARGS).map((p) => `${p.pid}_${p.create_time}_${p.args}`));
      const a = key(batchOf(s, NOW - 1800 + 60 * 7));
      const b = key(batchOf(s, NOW - 1800 + 60 * 8));
      const common = [...a].filter((k) => b.has(k)).length;
      expect(common / a.size).toBeGreaterThan(0.85);
    }
  });

  it('matches socket pairs across servers: every client socket has its server end', () => {
    for (const minute of [NOW, NOW - 3 * 3600]) {
      const all = generateMinute(fleet, minute, envOf);
      const serverEnds = new Set(all.flatMap((b) => b.connections.filter((c) => c.role === 'server').map((c) => `${c.peer_ip}:${c.peer_port}>${c.local_ip}:${c.local_port}`)));
      const clientEnds = all.flatMap((b) => b.connections.filter((c) => c.role === 'client'));
      expect(clientEnds.length).toBeGreaterThan(40);
      for (const c of clientEnds) expect(serverEnds, `${c.local_ip}:${c.local_port} -> ${c.peer_ip}:${c.peer_port}`).toContain(`${c.local_ip}:${c.local_port}>${c.peer_ip}:${c.peer_port}`);
      // web -> app -> db: each app AFURL comes over a web client socket; each AFSQL goes over an app client socket.
      const clientSockets = new Set(clientEnds.map((c) => `${c.local_ip}:${c.local_port}>${c.peer_ip}:${c.peer_port}`));
      const byIp = new Map(fleet.servers.map((s) => [s.ip, s]));
      let checked = 0;
      for (const b of all) {
        const s = fleet.servers.find((x) => x.guid === b.guid)!;
        for (const t of b.transactions) {
          if (s.tier === 'app' && t.log_type === 'url') {
            expect(byIp.get(t.peer_ip)?.tier).toBe('web');
            expect(clientSockets).toContain(`${t.peer_ip}:${t.peer_port}>${t.own_ip}:${t.own_port}`);
            checked++;
          }
          if (t.log_type === 'sql') {
            expect(byIp.get(t.peer_ip)?.tier).toBe('db');
            expect(clientSockets).toContain(`${t.own_ip}:${t.own_port}>${t.peer_ip}:${t.peer_port}`);
            checked++;
          }
          expect(b.processes.some((p) => p.pid === t.pid)).toBe(true);
        }
      }
      expect(checked).toBeGreaterThan(5);
    }
  });

  it('generates load-test batches for N servers with padded process lists', () => {
    const batches = fleetBatches(1000, NOW, { processes: 200 });
    expect(batches).toHaveLength(1000);
    expect(new Set(batches.map((b) => b.guid)).size).toBe(1000);
    for (const b of batches.filter((_, i) => i % 97 === 0)) {
      expect(b.processes.length).toBeGreaterThanOrEqual(200);
      expect(new Set(b.processes.map((p) => `${p.pid}_${p.create_time}`)).size).toBe(b.processes.length);
      expect(batchSchema.safeParse(b).success).toBe(true);
    }
    expect(fleetBatches(1000, NOW, { processes: 200 })[500]).toEqual(batches[500]);
  });

  it('connects a two-server fleet (web -> app)', () => {
    const small = buildFleet(2, 3);
    const [web, app] = generateMinute(small, NOW);
    expect(web!.connections.some((c) => c.role === 'client' && c.peer_ip === small.servers[1]!.ip)).toBe(true);
    expect(app!.connections.some((c) => c.role === 'server' && c.peer_ip === small.servers[0]!.ip)).toBe(true);
  });
});

describe('demo fleet incidents', () => {
  const week = incidentsBetween(fleet, NOW - 7 * DAY, NOW);

  it('happen at deterministic times: every kind within the last 7 days, recurring', () => {
    for (const kind of INCIDENT_KINDS) expect(week.filter((i) => i.kind === kind).length, kind).toBeGreaterThanOrEqual(2);
    expect(incidentsBetween(buildFleet(25, 7), NOW - 7 * DAY, NOW)).toEqual(week);
    expect(week.every((i) => i.start % 60 === 0 && i.end > i.start)).toBe(true);
  });

  it('show in the data at their minutes', () => {
    for (const inc of week) {
      const s = fleet.servers[inc.serverIndex]!;
      const at = (m: number) => batchOf(s, m);
      if (inc.kind === 'cpu_spike') {
        expect(at(inc.start).server.cpu).toBeGreaterThanOrEqual(90);
        expect(at(inc.start - 3600).server.cpu).toBeLessThan(90);
      }
      if (inc.kind === 'disk_fill') {
        const m = dataMount(s);
        expect(at(inc.end - 60).server.disk_percent_part![m]).toBeGreaterThan(90);
        expect(at(inc.start).server.disk_percent_part![m]).toBeLessThan(70);
        expect(at(inc.end).server.disk_percent_part![m]).toBeLessThan(70);
      }
      if (inc.kind === 'crash_loop') {
        const pids = new Set<number>();
        for (let m = inc.start; m < inc.end; m += 60) pids.add(at(m).processes.find((p) => p.args === CRASH_LOOP_ARGS)!.pid);
        expect(pids.size).toBeGreaterThanOrEqual(10);
        const before = at(inc.start - 600).processes.find((p) => p.args === CRASH_LOOP_ARGS)!;
        expect(at(inc.start - 540).processes.find((p) => p.args === CRASH_LOOP_ARGS)!.pid).toBe(before.pid);
      }
      if (inc.kind === 'error_burst') {
        const log = envOf(s).logs!.find((l) => l.source === SERVICE_LOG[s.software])!;
        const crit = (m: number) => at(m).logs.find((l) => l.log_id === log.id)?.messages.filter((x) => x.severity === 'critical').length ?? 0;
        expect(crit(inc.start)).toBeGreaterThanOrEqual(30);
        expect(crit(inc.start - 1800)).toBeLessThan(5);
      }
      if (inc.kind === 'polled_check') {
        const status = (m: number) => at(m).polled.find((p) => p.name === 'check_replication')!.status;
        expect(status(inc.start - 300)).toBe('OK');
        expect(status(inc.start)).toBe('WARNING');
        expect(status(inc.start + 1500)).toBe('CRITICAL');
        expect(status(inc.end)).toBe('OK');
      }
    }
  });

  it('stay the only times the default alerts (CPU 75%, memory 90%, disk 90%) would fire', () => {
    let checked = 0;
    for (let m = NOW - 7 * DAY; m < NOW; m += 1380) {
      for (const s of fleet.servers) {
        if (week.some((i) => i.serverIndex === s.index && m >= i.start - 60 && m < i.end + 60)) continue;
        const b = generateBatch(fleet, s, m);
        expect(b.server.cpu, `${s.hostname} cpu at ${m}`).toBeLessThan(75);
        expect(b.server.memory / s.memBytes).toBeLessThan(0.9);
        for (const pct of Object.values(b.server.disk_percent_part!)) expect(pct).toBeLessThan(90);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000 / 9);
  });

  it('the filling disk takes its polled disk check to WARNING then CRITICAL', () => {
    const inc = week.find((i) => i.kind === 'disk_fill')!;
    const s = fleet.servers[inc.serverIndex]!;
    const statuses = new Set<string>();
    for (let m = inc.start - (inc.start % 300); m < inc.end; m += 300) statuses.add(batchOf(s, m).polled.find((p) => p.name === 'check_disk_data')!.status);
    expect(statuses).toEqual(new Set(['OK', 'WARNING', 'CRITICAL']));
    expect(host('db-02').index).toBe(s.index);
  });
});
