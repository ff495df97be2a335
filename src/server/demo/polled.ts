import type { PolledResult } from '../../shared/ingest';
import type { DemoServer, Fleet } from './fleet';
import { activeIncident } from './incidents';
import { dailyLoad } from './load';
import { dataMount, diskUsedPercent } from './disks';
import { rand } from './prng';

/** Seconds between polled-data runs (the spec's default). */
export const POLL_FREQUENCY = 300;
const PLUGINS = '/usr/lib/nagios/plugins';

interface Check {
  name: string;
  line: string;
}

/** The polled-data checks of a server (database and load-balancer tiers have some), NRPE style. */
export function checksOf(s: DemoServer): Check[] {
  if (s.tier !== 'db' && s.tier !== 'lb') return [];
  const checks: Check[] = [{ name: 'check_load', line: `${PLUGINS}/check_load -w 8,6,4 -c 16,12,8` }];
  if (s.tier === 'lb') {
    checks.push({ name: 'check_http', line: `${PLUGINS}/check_http -H shop.example.com -S -u /health -w 0.5 -c 1.0` });
    return checks;
  }
  checks.push({ name: 'check_disk_data', line: `${PLUGINS}/check_disk -w 20% -c 10% -p ${dataMount(s)}` });
  checks.push({ name: 'check_replication', line: `${PLUGINS}/check_${s.software}_replication -H 127.0.0.1 -w 30 -c 300` });
  return checks;
}

/** The polled-data config file of a server: one `command[<name>]=<command line>` per check (NRPE format). */
export function polledConfigOf(s: DemoServer): { file_path: string; file_contents: string; frequency: number } | null {
  const checks = checksOf(s);
  if (!checks.length) return null;
  return {
    file_path: s.os === 'Solaris' ? '/etc/opt/fleetwatch/nrpe.cfg' : '/etc/fleetwatch/nrpe.cfg',
    file_contents: checks.map((c) => `command[${c.name}]=${c.line}`).join('\n') + '\n',
    frequency: POLL_FREQUENCY,
  };
}

type Status = PolledResult['status'];
const statusOf = (v: number, warn: number, crit: number): Status => (v >= crit ? 'CRITICAL' : v >= warn ? 'WARNING' : 'OK');
const r2 = (x: number) => Math.round(x * 100) / 100;

function run(fleet: Fleet, s: DemoServer, c: Check, minute: number): Omit<PolledResult, 'name' | 'command_name' | 'command_line' | 'time'> {
  const seed = fleet.seed;
  const load = dailyLoad(s, minute);
  if (c.name === 'check_load') {
    const l1 = r2(s.cpuNum * load * 0.5 + rand(seed, s.index, minute, 61));
    const vals = [l1, r2(l1 * 0.9), r2(l1 * 0.8)];
    const st = statusOf(l1, 8, 16);
    return { status: st, text: `LOAD ${st} - total load average: ${vals.join(', ')}`, values: vals.map((v, i) => ({ name: `load${[1, 5, 15][i]}`, value: v, unit: 'd', warn: [8, 6, 4][i], crit: [16, 12, 8][i], min: 0 })) };
  }
  if (c.name === 'check_http') {
    const t = r2(0.08 + 0.25 * load + 0.05 * rand(seed, s.index, minute, 62));
    const st = statusOf(t, 0.5, 1.0);
    return { status: st, text: `HTTP ${st}: HTTP/1.1 200 OK - 18211 bytes in ${t} second response time`, values: [{ name: 'time', value: t, unit: 's', warn: 0.5, crit: 1, min: 0 }, { name: 'size', value: 18_211, unit: 'B', min: 0 }] };
  }
  if (c.name === 'check_disk_data') {
    const mount = dataMount(s);
    const cap = s.disks[mount] ?? 1;
    const used = diskUsedPercent(fleet, s, mount, minute);
    const usedMb = Math.round((cap * used) / 100);
    const st = statusOf(used, 80, 90);
    return { status: st, text: `DISK ${st} - free space: ${mount} ${cap - usedMb} MB (${r2(100 - used)}% inode=97%);`, values: [{ name: mount, value: usedMb, unit: 'MB', warn: Math.round(cap * 0.8), crit: Math.round(cap * 0.9), min: 0, max: cap }] };
  }
  // Replication lag: the polled_check incident, WARNING for its first half, then CRITICAL.
  const inc = activeIncident(fleet, 'polled_check', s, minute);
  const lag = r2(inc ? (inc.progress < 0.5 ? 45 + 200 * inc.progress : 320 + 400 * (inc.progress - 0.5)) : 0.2 + 1.5 * rand(seed, s.index, minute, 63));
  const st = statusOf(lag, 30, 300);
  return { status: st, text: `REPLICATION ${st} - replica lag ${lag} s`, values: [{ name: 'lag', value: lag, unit: 's', warn: 30, crit: 300, min: 0 }] };
}

/** The polled results of server `s` uploaded with `minute` (every POLL_FREQUENCY seconds). */
export function polledResults(fleet: Fleet, s: DemoServer, minute: number): PolledResult[] {
  if (minute % POLL_FREQUENCY !== 0) return [];
  return checksOf(s).map((c) => ({ name: c.name, command_name: c.name, command_line: c.line, time: minute + 2, ...run(fleet, s, c, minute) }));
}
