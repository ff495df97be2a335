import type { Os, Software } from './fleet';

/** A kind of process a demo server runs. */
export interface ProcessDef {
  name: string;
  args: string | null;
  /** Share of the server's CPU (relative to the other processes). */
  weight: number;
  memMB: number;
  threads: number;
  files: string[];
  /** The process that owns the server's connections and transaction logs. */
  service?: boolean;
}

const p = (name: string, args: string | null, weight: number, memMB: number, threads: number, files: string[] = [], service = false): ProcessDef =>
  ({ name, args, weight, memMB, threads, files, service });

const BASE: Record<Os, ProcessDef[]> = {
  Linux: [
    p('systemd', '/sbin/init splash', 0.2, 12, 1, ['/proc/1/mountinfo']),
    p('kthreadd', null, 0.05, 0, 1),
    p('systemd-journald', '/lib/systemd/systemd-journald', 0.3, 48, 1, ['/var/log/journal/system.journal']),
    p('systemd-udevd', '/lib/systemd/systemd-udevd', 0.05, 8, 1),
    p('dbus-daemon', '/usr/bin/dbus-daemon --system --address=systemd: --nofork', 0.05, 5, 1),
    p('rsyslogd', '/usr/sbin/rsyslogd -n -iNONE', 0.2, 9, 4, ['/var/log/syslog', '/var/log/auth.log']),
    p('cron', '/usr/sbin/cron -f -P', 0.02, 3, 1),
    p('sshd', 'sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups', 0.02, 7, 1, ['/etc/ssh/sshd_config']),
    p('chronyd', '/usr/sbin/chronyd -F 1', 0.02, 3, 2),
    p('systemd-logind', '/lib/systemd/systemd-logind', 0.01, 6, 1),
    p('polkitd', '/usr/libexec/polkitd --no-debug', 0.01, 9, 3),
    p('agetty', '/sbin/agetty -o -p -- \\u --noclear tty1 linux', 0.0, 2, 1),
    p('snmpd', '/usr/sbin/snmpd -LOw -u Debian-snmp -g Debian-snmp -I -smux mteTrigger mteTriggerConf -f', 0.05, 10, 1),
    p('fleetwatch-collector', '/usr/bin/node /opt/fleetwatch/collector.js --url https://monitor.example.com', 0.5, 70, 11),
  ],
  Windows: [
    p('System', null, 0.5, 1, 160),
    p('smss.exe', '\\SystemRoot\\System32\\smss.exe', 0.0, 1, 2),
    p('csrss.exe', '%SystemRoot%\\system32\\csrss.exe ObjectDirectory=\\Windows', 0.1, 5, 12),
    p('wininit.exe', 'wininit.exe', 0.0, 6, 1),
    p('services.exe', 'C:\\Windows\\system32\\services.exe', 0.1, 9, 7),
    p('lsass.exe', 'C:\\Windows\\system32\\lsass.exe', 0.2, 20, 10),
    p('svchost.exe', 'C:\\Windows\\system32\\svchost.exe -k DcomLaunch -p', 0.1, 22, 14),
    p('svchost.exe', 'C:\\Windows\\system32\\svchost.exe -k RPCSS -p', 0.05, 11, 10),
    p('svchost.exe', 'C:\\Windows\\System32\\svchost.exe -k LocalServiceNetworkRestricted -p', 0.05, 15, 8),
    p('svchost.exe', 'C:\\Windows\\system32\\svchost.exe -k netsvcs -p', 0.2, 60, 40),
    p('spoolsv.exe', 'C:\\Windows\\System32\\spoolsv.exe', 0.0, 11, 9),
    p('MsMpEng.exe', '"C:\\ProgramData\\Microsoft\\Windows Defender\\platform\\4.18.24010.12-0\\MsMpEng.exe"', 0.8, 180, 30),
    p('WmiPrvSE.exe', 'C:\\Windows\\system32\\wbem\\wmiprvse.exe -secured -Embedding', 0.2, 18, 9),
    p('fleetwatch-collector.exe', '"C:\\Program Files\\FleetWatch\\collector.exe" --service', 0.5, 60, 12),
  ],
  Solaris: [
    p('sched', null, 0.1, 0, 1),
    p('init', '/sbin/init', 0.0, 2, 1),
    p('svc.startd', '/lib/svc/bin/svc.startd', 0.02, 12, 13),
    p('svc.configd', '/lib/svc/bin/svc.configd', 0.02, 30, 24),
    p('nscd', '/usr/sbin/nscd', 0.02, 8, 34),
    p('syslogd', '/usr/sbin/syslogd', 0.05, 5, 11, ['/var/adm/messages']),
    p('cron', '/usr/sbin/cron', 0.0, 3, 1),
    p('sshd', '/usr/lib/ssh/sshd', 0.02, 6, 1),
    p('fmd', '/usr/lib/fm/fmd/fmd', 0.05, 40, 28),
    p('inetd', '/usr/lib/inet/inetd start', 0.0, 4, 4),
    p('utmpd', '/usr/lib/utmpd', 0.0, 2, 1),
    p('rpcbind', '/usr/sbin/rpcbind', 0.0, 3, 1),
    p('kcfd', '/usr/lib/crypto/kcfd', 0.0, 4, 5),
    p('fleetwatch-collector', '/opt/fleetwatch/bin/node /opt/fleetwatch/collector.js', 0.5, 75, 11),
  ],
};

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** The software's own processes; the one marked `service` owns the connections. */
function softwareProcesses(sw: Software, cpuNum: number): ProcessDef[] {
  switch (sw) {
    case 'nginx':
      return [
        p('nginx', 'nginx: master process /usr/sbin/nginx -g daemon on; master_process on;', 0.05, 10, 1, ['/etc/nginx/nginx.conf']),
        ...times(Math.min(cpuNum, 4), (i) => p('nginx', 'nginx: worker process', 3, 60, 1, ['/var/log/nginx/access.log', '/var/log/nginx/error.log', '/var/www/shop/index.html'], i === 0)),
      ];
    case 'haproxy':
      return [
        p('haproxy', '/usr/sbin/haproxy -Ws -f /etc/haproxy/haproxy.cfg -p /run/haproxy.pid -S /run/haproxy-master.sock', 0.05, 12, 1, ['/etc/haproxy/haproxy.cfg']),
        p('haproxy', '/usr/sbin/haproxy -sf 1 -Ws -f /etc/haproxy/haproxy.cfg', 6, 80, 2, ['/etc/haproxy/haproxy.cfg'], true),
      ];
    case 'iis':
      return [
        p('w3wp.exe', 'c:\\windows\\system32\\inetsrv\\w3wp.exe -ap "ShopFront" -v "v4.0" -l "webengine4.dll" -a \\\\.\\pipe\\iisipm', 6, 900, 42, ['C:\\inetpub\\shop\\web.config', 'C:\\inetpub\\logs\\LogFiles\\W3SVC1\\u_ex.log'], true),
        p('w3wp.exe', 'c:\\windows\\system32\\inetsrv\\w3wp.exe -ap "DefaultAppPool" -v "v4.0"', 0.5, 150, 20),
        p('inetinfo.exe', 'C:\\Windows\\system32\\inetsrv\\inetinfo.exe', 0.1, 14, 8),
      ];
    case 'java':
      return [
        p('java', '/usr/bin/java -Xms4g -Xmx12g -XX:+UseG1GC -Dspring.profiles.active=prod -jar /opt/shop/orders-service.jar', 9, 9000, 180, ['/opt/shop/orders-service.jar', '/var/log/shop/orders.log', '/opt/shop/config/application.yml'], true),
        p('filebeat', '/usr/share/filebeat/bin/filebeat --environment systemd -c /etc/filebeat/filebeat.yml', 0.3, 90, 12, ['/var/log/shop/orders.log']),
      ];
    case 'node':
      return [
        p('PM2 v5.3.0: God Daemon', 'PM2 v5.3.0: God Daemon (/home/app/.pm2)', 0.1, 60, 11),
        p('node', 'node /srv/api/server.js', 4, 420, 11, ['/srv/api/server.js', '/srv/api/package.json', '/var/log/api/api.log'], true),
        ...times(3, () => p('node', 'node /srv/api/server.js --worker', 3, 380, 11, ['/srv/api/server.js'])),
        p('node', 'node /srv/worker/index.js', 1, 250, 11, ['/srv/worker/index.js', '/var/log/api/worker.log']),
      ];
    case 'postgres':
      return [
        p('postgres', '/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main -c config_file=/etc/postgresql/15/main/postgresql.conf', 0.2, 220, 1, ['/var/lib/postgresql/15/main/postmaster.pid']),
        p('postgres', 'postgres: 15/main: checkpointer', 0.3, 80, 1),
        p('postgres', 'postgres: 15/main: background writer', 0.3, 30, 1),
        p('postgres', 'postgres: 15/main: walwriter', 0.4, 20, 1, ['/var/lib/postgresql/15/main/pg_wal/000000010000004A00000091']),
        p('postgres', 'postgres: 15/main: autovacuum launcher', 0.1, 12, 1),
        p('postgres', 'postgres: 15/main: logical replication launcher', 0.0, 8, 1),
        ...times(8, (i) => p('postgres', `postgres: 15/main: shop shop 10.20.0.${12 + i}(${40000 + i * 7}) idle`, 4, 160, 1, ['/var/lib/postgresql/15/main/base/16384/16397'], i === 0)),
      ];
    case 'mysql':
      return [
        p('mysqld', '/usr/sbin/mysqld --defaults-file=/etc/mysql/my.cnf --basedir=/usr --datadir=/var/lib/mysql', 20, 24_000, 64, ['/var/lib/mysql/ibdata1', '/var/lib/mysql/shop/orders.ibd', '/var/log/mysql/error.log'], true),
        p('mysqld_safe', '/bin/sh /usr/bin/mysqld_safe', 0.0, 3, 1),
      ];
    case 'oracle':
      return [
        p('tnslsnr', '/u01/app/oracle/product/19c/dbhome_1/bin/tnslsnr LISTENER -inherit', 0.3, 40, 2),
        ...['pmon', 'smon', 'dbw0', 'lgwr', 'ckpt', 'reco', 'mmon'].map((b) => p(`ora_${b}_ORCL`, `ora_${b}_ORCL`, b === 'dbw0' || b === 'lgwr' ? 1.5 : 0.3, 300, 1, ['/u01/app/oracle/oradata/ORCL/system01.dbf'])),
        ...times(6, (i) => p('oracle', 'oracleORCL (LOCAL=NO)', 4, 420, 1, ['/u01/app/oracle/oradata/ORCL/users01.dbf'], i === 0)),
      ];
    case 'redis':
      return [
        p('redis-server', '/usr/bin/redis-server 0.0.0.0:6379', 8, 20_000, 6, ['/var/lib/redis/dump.rdb', '/var/log/redis/redis-server.log'], true),
        p('redis-sentinel', '/usr/bin/redis-sentinel *:26379 [sentinel]', 0.2, 12, 5),
      ];
    case 'memcached':
      return [p('memcached', '/usr/bin/memcached -m 16384 -p 11211 -u memcache -l 0.0.0.0 -P /var/run/memcached/memcached.pid', 6, 16_500, 10, [], true)];
    case 'cron':
      return [
        p('java', '/usr/bin/java -Xmx6g -jar /opt/etl/nightly-etl.jar --schedule', 6, 4200, 60, ['/opt/etl/nightly-etl.jar', '/data/etl/staging.csv'], true),
        p('python3', '/usr/bin/python3 /opt/reports/build_reports.py --daemon', 2, 600, 4, ['/data/reports/daily.pdf']),
      ];
    case 'exchange':
      return [
        p('EdgeTransport.exe', '"C:\\Program Files\\Microsoft\\Exchange Server\\V15\\Bin\\EdgeTransport.exe"', 5, 1600, 70, ['D:\\Exchange\\Queue\\mail.que'], true),
        p('MSExchangeTransport.exe', '"C:\\Program Files\\Microsoft\\Exchange Server\\V15\\Bin\\MSExchangeTransport.exe"', 0.5, 200, 24),
        p('MSExchangeFrontendTransport.exe', '"C:\\Program Files\\Microsoft\\Exchange Server\\V15\\Bin\\MSExchangeFrontendTransport.exe"', 1, 300, 30),
        ...times(3, (i) => p('Microsoft.Exchange.Store.Worker.exe', `"C:\\Program Files\\Microsoft\\Exchange Server\\V15\\Bin\\Microsoft.Exchange.Store.Worker.exe" -id:${i + 1}`, 2, 900, 40, ['D:\\Exchange\\Mailbox\\DB01.edb'])),
      ];
    case 'active-directory':
      return [
        p('dns.exe', 'C:\\Windows\\system32\\dns.exe', 1, 80, 20),
        p('dfsrs.exe', 'C:\\Windows\\system32\\DFSRs.exe', 0.5, 60, 18, ['C:\\Windows\\SYSVOL\\domain\\Policies']),
        p('ismserv.exe', 'C:\\Windows\\System32\\ismserv.exe', 0.1, 10, 6),
        p('Microsoft.ActiveDirectory.WebServices.exe', 'C:\\Windows\\ADWS\\Microsoft.ActiveDirectory.WebServices.exe', 0.5, 90, 16, [], true),
      ];
  }
}

/** Every long-running process of a server of this OS and software. */
export function catalogOf(os: Os, sw: Software, cpuNum: number): ProcessDef[] {
  return [...BASE[os], ...softwareProcesses(sw, cpuNum)];
}

/** Short-lived processes started on a schedule (every `every` seconds, living `lives` seconds). */
export interface ChurnDef extends ProcessDef {
  every: number;
  lives: number;
}

/** The short-lived processes of an OS (cron jobs, task hosts), started on a schedule. */
export function churnOf(os: Os): ChurnDef[] {
  const c = (d: ProcessDef, every: number, lives: number): ChurnDef => ({ ...d, every, lives });
  if (os === 'Windows') {
    return [
      c(p('taskhostw.exe', 'taskhostw.exe Install $(Arg0)', 0.2, 8, 6), 600, 120),
      c(p('conhost.exe', '\\??\\C:\\Windows\\system32\\conhost.exe 0xffffffff -ForceV1', 0.1, 6, 2), 900, 60),
    ];
  }
  if (os === 'Solaris') return [c(p('sh', '/bin/sh -c /opt/bin/collect_stats.sh', 0.3, 2, 1), 300, 60)];
  return [
    c(p('sh', '/bin/sh -c /usr/local/bin/healthcheck.sh', 0.2, 2, 1), 300, 60),
    c(p('logrotate', '/usr/sbin/logrotate /etc/logrotate.conf', 0.5, 4, 1, ['/etc/logrotate.conf']), 3600, 120),
  ];
}
