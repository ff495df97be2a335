import type { CollectorConfig } from '../../shared/ingest';
import type { DemoServer, Fleet, Software } from './fleet';
import { CRASH_EVERY, activeIncident } from './incidents';
import { dailyLoad } from './load';
import { hash, pick, rand, randInt } from './prng';

/** A log the account collects from a server (from the collector config). */
export type LogRef = Pick<CollectorConfig['logs'][number], 'id' | 'source_type' | 'source' | 'limit'>;
type Severity = 'info' | 'warning' | 'critical';
interface Message { time: number; severity: Severity; data: string }

/** The application log file of each software (FILE logs). */
export const SERVICE_LOG: Record<Software, string> = {
  nginx: '/var/log/nginx/error.log',
  haproxy: '/var/log/haproxy.log',
  iis: 'C:\\inetpub\\logs\\LogFiles\\W3SVC1\\u_ex.log',
  java: '/var/log/shop/orders.log',
  node: '/var/log/api/api.log',
  postgres: '/var/log/postgresql/postgresql-15-main.log',
  mysql: '/var/log/mysql/error.log',
  oracle: '/u01/app/oracle/diag/rdbms/orcl/ORCL/trace/alert_ORCL.log',
  redis: '/var/log/redis/redis-server.log',
  memcached: '/var/log/memcached.log',
  cron: '/var/log/etl/etl.log',
  exchange: 'D:\\Exchange\\Logging\\MessageTracking\\MSGTRK.log',
  'active-directory': 'C:\\Windows\\debug\\netlogon.log',
};

/** The logs the demo configures on a server through the API: every source type across the fleet. */
export function logsToCreate(s: DemoServer): { type: 'FILE' | 'SYSLOG' | 'EVENTLOG'; source: string }[] {
  if (s.os === 'Windows') {
    const logs: { type: 'FILE' | 'SYSLOG' | 'EVENTLOG'; source: string }[] = [
      { type: 'EVENTLOG', source: 'Application' },
      { type: 'EVENTLOG', source: 'System' },
    ];
    if (s.tier === 'dc') logs.push({ type: 'EVENTLOG', source: 'Security' });
    else logs.push({ type: 'FILE', source: SERVICE_LOG[s.software] });
    return logs;
  }
  if (s.os === 'Solaris') return [{ type: 'FILE', source: '/var/adm/messages' }, { type: 'FILE', source: SERVICE_LOG[s.software] }];
  return [{ type: 'FILE', source: SERVICE_LOG[s.software] }, { type: 'FILE', source: '/var/log/syslog' }, { type: 'SYSLOG', source: '514' }];
}

const INFO: Partial<Record<Software, string[]>> = {
  nginx: ['[notice] 1234#1234: signal process started', '[info] 1234#1234: *88231 client closed connection while waiting for request, client: 10.20.0.15'],
  haproxy: ['Connect from 203.0.113.44:52311 to 10.20.0.16:443 (https_front/HTTP)', 'Server web_back/web-02 is UP, reason: Layer7 check passed, code: 200'],
  iis: ['2026-01-01 00:00:00 10.20.0.19 GET /api/products - 80 - 10.20.0.16 Mozilla/5.0 - 200 0 0 64'],
  java: ['INFO  o.s.web.servlet.DispatcherServlet - Completed initialization in 2 ms', 'INFO  c.shop.orders.OrderService - order 99120 placed, 3 lines, total 84.20 EUR'],
  node: ['info: GET /api/products 200 38ms', 'info: cache hit ratio 0.93 over the last minute'],
  postgres: ['LOG:  checkpoint complete: wrote 2311 buffers (14.1%); write=269.9 s, sync=0.004 s', 'LOG:  automatic vacuum of table "shop.public.sessions": index scans: 1'],
  mysql: ['[Note] [MY-010914] [Server] Aborted connection 4211 to db: shop user: app host: 10.20.0.12 (Got timeout reading communication packets)'],
  oracle: ['Thread 1 advanced to log sequence 18241 (LGWR switch)', 'Completed checkpoint up to RBA [0x4741.2.10], SCN: 88123911'],
  redis: ['* Background saving started by pid 31877', '* DB saved on disk', '* 100 changes in 300 seconds. Saving...'],
  memcached: ['<29 new auto-negotiating client connection', '<29 connection closed.'],
  cron: ['INFO etl: loaded 18223 rows into staging_orders', 'INFO reports: daily_sales refreshed in 41.2 s'],
};
const WARN: Partial<Record<Software, string[]>> = {
  nginx: ['[warn] 1234#1234: *90211 an upstream response is buffered to a temporary file /var/cache/nginx/proxy_temp/4/12/0000000124'],
  java: ['WARN  com.zaxxer.hikari.pool.HikariPool - HikariPool-1 - Thread starvation or clock leap detected (housekeeper delta=1m2s)'],
  node: ['warn: slow response GET /api/search 1840ms'],
  postgres: ['WARNING:  there is already a transaction in progress'],
  redis: ['# WARNING: 32 clients connected near maxclients 10000'],
};
const SYSLOG_LINES = [
  'sshd[2214]: Accepted publickey for deploy from 10.20.0.11 port 52214 ssh2: ED25519 SHA256:Xh3...',
  'CRON[30122]: (root) CMD (/usr/local/bin/healthcheck.sh)',
  'systemd[1]: Started Daily apt download activities.',
  'kernel: [1211342.122] TCP: request_sock_TCP: Possible SYN flooding on port 443. Sending cookies.',
  'chronyd[611]: Selected source 10.20.0.1 (ntp.internal)',
];
const SOLARIS_LINES = ['genunix: [ID 408114 kern.info] /pci@400/pci@1/scsi@0 (mpt_sas0) online', 'sshd[1711]: [ID 800047 auth.info] Accepted publickey for oracle from 10.20.0.12'];
const EVENTS: Record<string, string[]> = {
  Application: ['The application pool ShopFront was recycled (source: WAS, event 5186).', 'Windows Error Reporting: Fault bucket, type 0 (event 1001).', 'MSExchangeTransport: the queue "Submission" has 12 messages (event 1021).'],
  System: ['The Windows Update service entered the running state (Service Control Manager, event 7036).', 'The time service is now synchronizing the system time with time source dc-01 (event 37).'],
  Security: ['An account was successfully logged on (event 4624).', 'A Kerberos service ticket was requested (event 4769).', 'An account failed to log on (event 4625).'],
};
const BURST = [
  '[error] 1234#1234: *99421 upstream timed out (110: Connection timed out) while reading response header from upstream, client: 10.20.0.16, upstream: "http://10.20.0.12:8080/api/checkout"',
  '[error] 1234#1234: *99437 connect() failed (111: Connection refused) while connecting to upstream, upstream: "http://10.20.0.17:8080/api/cart/items"',
  '[crit] 1234#1234: *99440 SSL_do_handshake() failed (SSL: error:0A00010B:SSL routines::wrong version number)',
];

function linesFor(s: DemoServer, log: LogRef): { info: string[]; warn: string[]; rate: number } {
  if (log.source_type === 'EVENTLOG') return { info: EVENTS[log.source] ?? EVENTS.Application!, warn: EVENTS[log.source] ?? [], rate: 1.2 };
  if (log.source_type === 'SYSLOG') return { info: SYSLOG_LINES, warn: SYSLOG_LINES.slice(3, 4), rate: 2 };
  if (log.source === '/var/adm/messages') return { info: SOLARIS_LINES, warn: [], rate: 0.8 };
  if (log.source === '/var/log/syslog') return { info: SYSLOG_LINES, warn: [], rate: 1.5 };
  const info = INFO[s.software] ?? ['service running'];
  return { info, warn: WARN[s.software] ?? info, rate: 3 };
}

/** The messages of one log of server `s` during `minute`, at most the log's limit. */
export function logMessages(fleet: Fleet, s: DemoServer, log: LogRef, minute: number): Message[] {
  const seed = fleet.seed;
  const key = hash(seed, log.id, 0) ^ hash(seed, s.index, log.source.length);
  const { info, warn, rate } = linesFor(s, log);
  const load = dailyLoad(s, minute);
  const n = Math.floor(rate * (0.3 + load) + rand(seed, key, minute));
  const out: Message[] = [];
  for (let i = 0; i < n; i++) {
    const r = rand(seed, key, minute, i, 1);
    const severity: Severity = r < 0.004 ? 'critical' : r < 0.05 ? 'warning' : 'info';
    const lines = severity === 'info' ? info : warn.length ? warn : info;
    out.push({ time: minute + randInt(seed, 0, 59, key, minute, i, 2), severity, data: pick(lines, seed, key, minute, i, 3) });
  }
  const isServiceLog = log.source_type === 'FILE' && log.source === SERVICE_LOG[s.software];
  if (isServiceLog && activeIncident(fleet, 'error_burst', s, minute)) {
    const burst = randInt(seed, 40, 90, key, minute, 4);
    for (let i = 0; i < burst; i++) {
      out.push({ time: minute + (i % 60), severity: i % 7 === 0 ? 'warning' : 'critical', data: pick(BURST, seed, key, minute, i, 5) });
    }
  }
  const loop = isServiceLog ? activeIncident(fleet, 'crash_loop', s, minute) : null;
  if (loop && (minute - loop.start) % CRASH_EVERY === 0) {
    out.push({ time: minute + 5, severity: 'critical', data: 'error: worker /srv/worker/index.js exited with code 1 (TypeError: Cannot read properties of undefined (reading \'id\')); restarting' });
  }
  out.sort((a, b) => a.time - b.time);
  return out.slice(0, log.limit);
}
