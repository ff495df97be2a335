import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import type { Backing } from './peer';

/** Fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], utime [11] ... cstime [14]). */
function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null; // exited meanwhile
  }
}

/**
 * CPU seconds the whole PostgreSQL cluster has used: the postmaster with its reaped children (backends,
 * autovacuum workers and parallel workers that ended), plus the children alive now.
 */
export function clusterCpuSeconds(postmaster: number): number {
  const own = statFields(postmaster);
  if (!own) return NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

/**
 * The PostgreSQL server behind our service in the peers bench: its CPU (the whole cluster, read from
 * /proc, so the bench must run on the database's machine as root or as its owner) and the database's size.
 */
export async function pgBacking(url: string): Promise<Backing> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const backend = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const postmaster = Number(statFields(backend)?.[1]);
  const readable = Number.isFinite(clusterCpuSeconds(postmaster));
  return {
    name: 'PostgreSQL server',
    cpuSeconds: () => (readable ? clusterCpuSeconds(postmaster) : NaN),
    diskBytes: async () => Number((await c.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n),
    close: () => c.end(),
  };
}
