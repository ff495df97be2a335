import { describe, expect, it } from 'vitest';
import { nodeExporterBody } from '../testing/node-exporter-body';
import { readNodeExporter } from './node-exporter';
import { parsePromText } from './prom-text';

const read = (step: number, atMs: number, prev: ReturnType<typeof readNodeExporter>['counters'] | null) =>
  readNodeExporter(parsePromText(nodeExporterBody(step)), { guid: 'scrape-1', fallbackHost: '10.0.0.7', atMs, prev });

describe('readNodeExporter', () => {
  it('registers the host from node_uname_info and node_os_info, without a sample on the first scrape', () => {
    const r = read(0, 1_000_000, null);
    expect(r.sample).toBeNull();
    expect(r.registration).toMatchObject({
      guid: 'scrape-1',
      hostname: 'web-07',
      os: 'Linux',
      os_detail: 'Debian GNU/Linux 12 (bookworm), Linux 6.1.0-18-amd64',
      arch: 'x86_64',
      capacity_mem: 8589934592,
      capacity_cpu_num: 2,
      capacity_disks: { '/': 102400 },
    });
    expect(r.registration.network_interfaces.map((i) => i.name)).toEqual(['eth0']);
  });

  it('turns two scrapes 60 s apart into the minute a collector would send', () => {
    const first = read(0, 1_000_000, null);
    const r = read(1, 1_060_000, first.counters);
    expect(r.sample).toEqual({
      cpu: 15,
      cpu_cores: { '0': 25, '1': 5 },
      memory: 2147483648,
      disk: { '/': 25600 },
      disk_percent: 75,
      disk_percent_part: { '/': 75 },
      disk_busy: { sda: 10 },
      socket_read: 1.2e6,
      socket_read_part: { eth0: 1.2e6 },
      socket_write: 6e5,
      socket_write_part: { eth0: 6e5 },
      file_read: 6e6,
      file_write: 12e6,
    });
  });

  it('expresses byte rates per minute whatever the interval', () => {
    const first = read(0, 1_000_000, null);
    // The same counter increase over 120 s is half the rate: 0.6 MB a minute.
    const r = read(1, 1_120_000, first.counters);
    expect(r.sample?.socket_read_part).toEqual({ eth0: 6e5 });
    expect(r.sample?.cpu).toBe(15);
  });

  it('takes no rate across a counter reset (node_exporter or the host restarted)', () => {
    const later = read(2, 1_000_000, null);
    const r = read(1, 1_060_000, later.counters);
    expect(r.sample).toBeNull();
    expect(r.counters.at).toBe(1_060_000);
  });

  it('falls back to the target address for the hostname when node_uname_info is absent', () => {
    const r = readNodeExporter(parsePromText('node_memory_MemTotal_bytes 100\n'), { guid: 'g', fallbackHost: '10.0.0.7', atMs: 1, prev: null });
    expect(r.registration.hostname).toBe('10.0.0.7');
  });

  it('keeps a device named __proto__ as an own key', () => {
    const body = 'node_network_receive_bytes_total{device="__proto__"} 10\n';
    const a = readNodeExporter(parsePromText(body), { guid: 'g', fallbackHost: 'h', atMs: 0, prev: null });
    const b = readNodeExporter(parsePromText(body.replace('10', '70')), { guid: 'g', fallbackHost: 'h', atMs: 60_000, prev: a.counters });
    expect(Object.keys(b.sample!.socket_read_part!)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(b.sample!.socket_read_part)).toBe(Object.prototype);
  });
});
