import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { client } from './http';
import { metric, promReads, promSize, REMOTE_WRITE_HEADERS, type Peer, type Scenario } from './peer';
import { debianVersion, freePort, onPath, startDaemon, tempDir } from './proc';
import { snappy, writeRequest } from './remote-write';
import { batchSamples } from './samples';

export const PROM_SKIPPED = 'skipped: install prometheus (apt-get install prometheus) to compare it through its remote-write receiver';

/**
 * Prometheus with its defaults and the remote-write receiver on (its only push path; scraping is its
 * normal one), no scrape jobs, on 127.0.0.1 and a temporary TSDB; null when not installed.
 */
export async function startPrometheus(s: Scenario, sockets: number): Promise<Peer | null> {
  const bin = onPath('prometheus');
  if (!bin) return null;
  const dir = tempDir('peers-prom-');
  const root = dir.path;
  const dataDir = join(root, 'data');
  writeFileSync(join(root, 'prometheus.yml'), 'global:\n  scrape_interval: 1m\n');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = [
    `--config.file=${join(root, 'prometheus.yml')}`,
    `--storage.tsdb.path=${dataDir}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--web.enable-remote-write-receiver',
    '--log.level=error',
  ];
  const d = await startDaemon(bin, args, `${base}/-/ready`).catch((e: unknown) => (dir.remove(), Promise.reject(e)));
  const http = client(base, {}, sockets);
  return {
    name: 'Prometheus',
    version: `${bin} (Debian prometheus ${debianVersion('prometheus')})`,
    does: [
      'Prometheus: POST /api/v1/write (remote write 1.0: the same samples as a snappy-compressed protobuf WriteRequest,',
      '  encoded by this bench); appended to the TSDB head in memory and its WAL (the read server\'s older hours were',
      '  compacted into 2 h blocks before the measured minutes). Its docs call this receiver no efficient way of',
      '  ingesting samples: Prometheus scrapes, which this bench cannot feed the same recorded minutes through.',
    ],
    pid: d.pid,
    dataDir,
    encode: (b) => snappy(writeRequest(batchSamples(b), b.minute * 1000)),
    upload: (body) => http.send('POST', '/api/v1/write', body, REMOTE_WRITE_HEADERS),
    remoteWrite: (body) => http.send('POST', '/api/v1/write', body, REMOTE_WRITE_HEADERS),
    reads: promReads(s),
    extraReads: [],
    get: (path) => http.send('GET', path),
    size: promSize,
    stored: async () => {
      const page = (await http.send('GET', '/metrics')).text;
      return `${metric(page, 'prometheus_tsdb_head_samples_appended_total').toLocaleString()} samples appended`;
    },
    flush: async () => {},
    stop: async () => {
      http.close();
      await d.stop();
      dir.remove();
    },
  };
}
