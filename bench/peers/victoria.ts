import { client } from './http';
import { metric, promReads, promSize, REMOTE_WRITE_HEADERS, type Peer, type Scenario } from './peer';
import { debianVersion, freePort, onPath, startDaemon, tempDir } from './proc';
import { batchSamples, exposition } from './samples';

export const VM_SKIPPED = 'skipped: install victoria-metrics (apt-get install victoria-metrics)';

/** VictoriaMetrics single-node with its defaults, on 127.0.0.1 and a temporary data path; null when not installed. */
export async function startVictoria(s: Scenario, sockets: number): Promise<Peer | null> {
  const bin = onPath('victoria-metrics');
  if (!bin) return null;
  const dir = tempDir('peers-vm-');
  const dataDir = dir.path;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = [`-storageDataPath=${dataDir}`, `-httpListenAddr=127.0.0.1:${port}`, '-loggerLevel=ERROR'];
  const d = await startDaemon(bin, args, `${base}/health`).catch((e: unknown) => (dir.remove(), Promise.reject(e)));
  const http = client(base, {}, sockets);
  const reads = promReads(s);
  return {
    name: 'VictoriaMetrics',
    version: `${bin} (Debian victoria-metrics ${debianVersion('victoria-metrics')})`,
    does: [
      'VictoriaMetrics: POST /api/v1/import/prometheus, the same server-minute as Prometheus text lines with a timestamp;',
      '  stores samples only (series index + compressed columns, background merges; CPU includes them)',
    ],
    pid: d.pid,
    dataDir,
    encode: (b) => Buffer.from(exposition(batchSamples(b), b.minute * 1000)),
    upload: (body) => http.send('POST', '/api/v1/import/prometheus', body, { 'content-type': 'text/plain' }),
    remoteWrite: async (body) => {
      const r = await http.send('POST', '/api/v1/write', body, REMOTE_WRITE_HEADERS);
      if (r.status !== 204) throw new Error(`remote write refused: ${r.status} ${r.text}`);
    },
    // nocache=1: computed on every request as the others do; the rollup result cache is measured apart.
    reads: { day: `${reads.day}&nocache=1`, latest: reads.latest },
    extraReads: [['24 h of one server with its rollup result cache (default)', reads.day]],
    get: (path) => http.send('GET', path),
    size: promSize,
    stored: async () => {
      const page = (await http.send('GET', '/metrics')).text;
      return `${metric(page, 'vm_rows_added_to_storage_total').toLocaleString()} samples added to storage`;
    },
    flush: async () => void (await http.send('GET', '/internal/force_flush')),
    stop: async () => {
      http.close();
      await d.stop();
      dir.remove();
    },
  };
}
