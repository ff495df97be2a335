import { describe, expect, it } from 'vitest';
import { batch, registration } from '../../../shared/ingest';
import { parseCpuMhz, parseOsRelease, readRegistration } from '../host-info';
import { HostSampler } from '../sampler';
import { parsePidStat } from './processes';
import { cpuPercent, parseDiskstats, parseMeminfo, parseMounts, parseNetDev, parseProcStat, usedMemory } from './system';
import { classifyConnections, decodeAddress, parseTcp } from './tcp';

describe('/proc parsers', () => {
  it('parses /proc/stat and computes busy percent from deltas', () => {
    const a = parseProcStat('cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 50 0 50 350 50 0 0 0\nbtime 1700000000\n');
    const b = parseProcStat('cpu  150 0 150 750 150 0 0 0 0 0\ncpu0 100 0 50 350 50 0 0 0\nbtime 1700000000\n');
    expect(a.btime).toBe(1_700_000_000);
    expect(cpuPercent(a.cpu, b.cpu)).toBe(50);
    expect(cpuPercent(a.cores['0']!, b.cores['0']!)).toBe(100);
    expect(cpuPercent(b.cpu, b.cpu)).toBe(0);
  });

  it('takes used memory as total minus available', () => {
    const m = parseMeminfo('MemTotal:       1000 kB\nMemFree:         100 kB\nMemAvailable:    400 kB\nHugePages_Total:       0\n');
    expect(usedMemory(m)).toBe(600 * 1024);
    expect(m.HugePages_Total).toBe(0);
    expect(usedMemory(parseMeminfo('MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 100 kB\nCached: 200 kB\n'))).toBe(600 * 1024);
  });

  it('reads interfaces, whole disks and real mounts', () => {
    const net = parseNetDev('Inter-|   Receive\n face |bytes\n    lo: 10 1 0 0 0 0 0 0 20 2 0 0 0 0 0 0\n  eth0: 1000 5 0 0 0 0 0 0 2000 7 0 0 0 0 0 0\n');
    expect(net).toEqual({ lo: { rx: 10, tx: 20 }, eth0: { rx: 1000, tx: 2000 } });
    const disks = parseDiskstats(
      ['   8       0 sda 1 2 3 4 5 6 7 8 0 900 10', '   8       1 sda1 1 2 3 4 5 6 7 8 0 800 10', ' 259 0 nvme0n1 1 2 3 4 5 6 7 8 0 50 1', ' 259 1 nvme0n1p1 1 2 3 4 5 6 7 8 0 40 1', '   7 0 loop0 1 2 3 4 5 6 7 8 0 5 1', ' 253 0 dm-0 1 2 3 4 5 6 7 8 0 70 1'].join('\n'),
    );
    expect(disks).toEqual({ sda: 900, nvme0n1: 50, 'dm-0': 70 });
    const mounts = parseMounts(
      ['/dev/sda1 / ext4 rw 0 0', 'proc /proc proc rw 0 0', 'tmpfs /run tmpfs rw 0 0', '/dev/sdb1 /mnt/my\\040disk xfs rw 0 0', 'overlay /var/lib/docker/x overlay rw 0 0', '/dev/sda1 / ext4 rw 0 0'].join('\n'),
    );
    expect(mounts).toEqual(['/', '/mnt/my disk', '/var/lib/docker/x']);
  });

  it('parses /proc/<pid>/stat with spaces and parentheses in the name', () => {
    const s = parsePidStat('42 (my (odd) proc) S 1 42 42 0 -1 4194560 500 0 3 0 120 30 0 0 20 0 4 0 5000 1000000 250 18446744073709551615');
    expect(s).toEqual({ pid: 42, comm: 'my (odd) proc', ppid: 1, minflt: 500, majflt: 3, utime: 120, stime: 30, threads: 4, starttime: 5000 });
    expect(parsePidStat('garbage')).toBeNull();
  });

  it('decodes IPv4, IPv6 and mapped addresses of /proc/net/tcp', () => {
    expect(decodeAddress('0100007F:1F90')).toEqual({ ip: '127.0.0.1', port: 8080 });
    expect(decodeAddress('00000000000000000000000001000000:0016')).toEqual({ ip: '::1', port: 22 });
    expect(decodeAddress('0000000000000000FFFF00000100007F:01BB')).toEqual({ ip: '127.0.0.1', port: 443 });
    expect(decodeAddress('B80D0120000000000000000001000000:0050')).toEqual({ ip: '2001:db8::1', port: 80 });
  });

  it('tells server from client sockets by the listening ports', () => {
    const text = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1',
      '   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 222 1',
      '   2: 0100007F:C350 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 333 1',
    ].join('\n');
    const conns = classifyConnections(parseTcp(text));
    expect(conns.map((c) => [c.inode, c.role, c.localPort, c.peerPort, c.state])).toEqual([
      [222, 'server', 8080, 50000, 'ESTABLISHED'],
      [333, 'client', 50000, 8080, 'ESTABLISHED'],
    ]);
  });

  it('reads os-release and cpu frequency', () => {
    expect(parseOsRelease('NAME="Debian GNU/Linux"\nPRETTY_NAME="Debian GNU/Linux 13 (trixie)"\n')).toBe('Debian GNU/Linux 13 (trixie)');
    expect(parseOsRelease('')).toBe('');
    expect(parseCpuMhz('cpu MHz\t\t: 2400.123\ncpu MHz\t\t: 3100.9\n')).toBe(3101);
  });
});

describe('this host through /proc', () => {
  it('gives a valid registration with a disk and an interface', async () => {
    const r = registration.parse(await readRegistration('guid-1'));
    expect(r).toMatchObject({ guid: 'guid-1', os: 'Linux' });
    expect(r.capacity_mem).toBeGreaterThan(0);
    expect(r.capacity_cpu_num).toBeGreaterThan(0);
    expect(Object.keys(r.capacity_disks).length).toBeGreaterThan(0);
    expect(r.network_interfaces.some((i) => i.ip.includes('127.0.0.1'))).toBe(true);
  });

  it('samples into a batch that the shared schema accepts, with this process and its connection', async () => {
    const net = await import('node:net');
    const server = net.createServer((s) => s.on('data', () => undefined)).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const client = net.connect(port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    try {
      const sampler = new HostSampler({ maxProcesses: 100_000, maxDetails: 100_000, maxFilesPerProcess: 200, maxThreadsPerProcess: 100, maxConnections: 100_000 });
      const s = await sampler.sample();
      const b = batch.parse({ batch_id: 'b1', guid: 'g', minute: 1_700_000_040, ...s });
      expect(b.server.cpu).toBeGreaterThanOrEqual(0);
      expect(b.server.memory).toBeGreaterThan(0);
      expect(b.server.process_num).toBeGreaterThan(0);
      expect(Object.keys(b.server.cpu_cores ?? {}).length).toBeGreaterThan(0);
      expect(Object.keys(b.server.disk ?? {}).length).toBeGreaterThan(0);
      const me = b.processes.find((p) => p.pid === process.pid);
      expect(me).toMatchObject({ thread_num: expect.any(Number) });
      expect(me!.memory).toBeGreaterThan(1_000_000);
      expect(me!.socket_num).toBeGreaterThanOrEqual(3);
      const mine = b.connections.filter((c) => c.pid === process.pid && (c.local_port === port || c.peer_port === port));
      expect(mine.map((c) => c.role).sort()).toEqual(['client', 'server']);
      const detail = b.process_details.find((d) => d.pid === process.pid);
      expect(detail?.threads?.length).toBeGreaterThan(0);
      expect(detail?.threads?.[0]).toMatchObject({ TID: String(process.pid) });
    } finally {
      client.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
