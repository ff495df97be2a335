import { execFileSync, fork } from 'node:child_process';
import { join } from 'node:path';
import { client, pool, type Answer } from './http';
import { REMOTE_WRITE_HEADERS, type Peer, type Scenario } from './peer';
import { SERVE_EXEC_ARGV } from '../serve-args';
import { pgBacking } from './pg-cluster';
import { onExit, tempDir } from './proc';

/**
 * Our service (bench/serve.ts: the real app on a temporary SQLite file, or on the scratch PostgreSQL
 * database `pg` when given, which stop() drops) in its own process.
 */
export async function startOurs(s: Scenario, sockets: number, pg?: { url: string; drop(): Promise<void> }): Promise<Peer> {
  const dir = tempDir('peers-ours-');
  const dataDir = dir.path;
  const args = pg ? [dataDir, pg.url] : [dataDir];
  const child = fork(join(import.meta.dirname, '..', 'serve.ts'), args, { execArgv: SERVE_EXEC_ARGV, stdio: 'inherit' });
  const forget = onExit(() => void child.kill('SIGKILL'));
  const info = await new Promise<{ address: string; email: string; key: string }>((res, rej) => {
    child.once('message', (m) => res(m as never));
    child.once('exit', (code) => rej(new Error(`bench/serve.ts exited with ${code} before listening`)));
  });
  const auth = `Basic ${Buffer.from(`${info.email}:${info.key}`).toString('base64')}`;
  const http = client(info.address, { authorization: auth }, sockets);
  const json = { 'content-type': 'application/json' };

  const ids = new Map<string, number>();
  await pool([...s.guids, s.history], sockets, async (guid) => {
    const r = await http.send('POST', '/api/v5/collector/register', Buffer.from(JSON.stringify({ guid, hostname: guid, os: 'Linux' })), json);
    ids.set(guid, (JSON.parse(r.text) as { server_id: number }).server_id);
  });
  const backing = pg ? await pgBacking(pg.url) : undefined;
  const items = (a: Answer) => JSON.parse(a.text) as { pagination: { count: number }; data: unknown[] };

  return {
    name: pg ? 'ours (PostgreSQL)' : 'ours',
    version: `fleetwatch ${revision()}, Node ${process.version}`,
    does: pg ? [
      'ours (PostgreSQL): the same service and uploads on a scratch PostgreSQL database (day-partitioned minute tables).',
      '  Its CPU and memory rows are the service process; the rows "PostgreSQL server CPU" count the whole cluster',
      '  (its processes, read from /proc) and its disk is the database\'s size (pg_database_size).',
    ] : [
      'ours: POST /api/v5/collector/batches, one JSON batch per server-minute (server record + 200 process records);',
      '  validated, deduplicated by batch_id, stored in SQLite (WAL) with process identities and server hour/day rollups,',
      '  then the default alerts are evaluated (after the answer; CPU includes it). The measured minutes stay inside one',
      '  clock hour, so no hour close (process rollups, once an hour per server) falls in them: npm run bench prints its cost.',
    ],
    pid: child.pid!,
    dataDir,
    backing,
    encode: (b) => Buffer.from(JSON.stringify(b)),
    upload: async (body) => {
      const r = await http.send('POST', '/api/v5/collector/batches', body, json);
      if (r.status !== 201) throw new Error(`batch not stored: ${r.status} ${r.text}`);
    },
    remoteWrite: async (body) => {
      const r = await http.send('POST', '/api/v1/write', body, REMOTE_WRITE_HEADERS);
      if (r.status !== 204) throw new Error(`remote write not stored: ${r.status} ${r.text}`);
    },
    reads: { day: `/api/v5/servers/${ids.get(s.history)}/data/?num=1440`, latest: '/api/v5/servers/latest_data/' },
    extraReads: [],
    get: (path) => http.send('GET', path),
    size: (a) => `${items(a).data.length} records`,
    stored: async () => `${items(await http.send('GET', '/api/v5/servers/latest_data/?limit=1')).pagination.count} servers with a latest record`,
    compact: (before = Number.MAX_SAFE_INTEGER) =>
      new Promise<number>((res) => {
        child.once('message', (m) => res((m as { moved: number }).moved));
        child.send({ compact: before });
      }),
    flush: async () => {},
    stop: async () => {
      http.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.send('stop');
        await new Promise((res) => child.once('exit', res));
      }
      forget();
      dir.remove();
      await backing?.close();
      await pg?.drop();
    },
  };
}

/** The commit measured, and whether src/ had uncommitted changes (the working tree is what runs). */
function revision(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src') ? ' + uncommitted changes in src/' : ''}`;
  } catch {
    return '(revision unknown)';
  }
}
