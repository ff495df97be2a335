import type { Batch } from '../../src/shared/ingest';
import type { Answer } from './http';

/** The data every peer receives: the fleet's guids, the history server's and the last minute (seconds). */
export interface Scenario {
  guids: string[];
  history: string;
  end: number;
}

/** A database server a peer stores in (ours on PostgreSQL): its CPU and disk are counted apart. */
export interface Backing {
  name: string;
  /** CPU seconds it has used so far (NaN when they cannot be read). */
  cpuSeconds(): number;
  /** Bytes of the peer's data in it. */
  diskBytes(): Promise<number>;
  close(): Promise<void>;
}

/** A service under comparison, started and ready. */
export interface Peer {
  name: string;
  version: string;
  /** What its ingest and reads do, for the notes under the table. */
  does: string[];
  pid: number;
  dataDir: string;
  /** The database server it stores in, when that is another process. */
  backing?: Backing;
  /** One server-minute upload, encoded the way this peer takes it (done before the clock starts). */
  encode(b: Batch): Buffer;
  upload(body: Buffer): Promise<unknown>;
  /** One Prometheus remote write 1.0 body (snappy protobuf WriteRequest) to its remote-write receiver. */
  remoteWrite(body: Buffer): Promise<unknown>;
  /** Request paths: one server's last 24 h of minutes; the latest point of every server. */
  reads: { day: string; latest: string };
  /** Further reads worth printing under the table (label, path). */
  extraReads: [string, string][];
  get(path: string): Promise<Answer>;
  /** Points or items in a read's answer, e.g. "19 series x 1440 points". */
  size(a: Answer): string;
  /** After ingest: what it reports having stored, to check against what was sent. */
  stored(): Promise<string>;
  /** Ours: runs the labelled series' compaction (hourly in service) on the hours before `before` (epoch s; all by default); answers the samples moved. */
  compact?(before?: number): Promise<number>;
  /** Makes buffered data durable before the disk is measured. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** Answers of the Prometheus HTTP API (VictoriaMetrics speaks it too), sized by series and points. */
export function promSize(a: Answer): string {
  const r = (JSON.parse(a.text) as { data: { result: { values?: unknown[] }[] } }).data.result;
  const points = r.reduce((n, s) => n + (s.values?.length ?? 1), 0);
  return `${r.length} series, ${points} points`;
}

/** The PromQL selectors of the two reads, for a server's series and for every server's. */
export function promReads(s: Scenario) {
  const q = (query: string, rest: string) => `?query=${encodeURIComponent(query)}&${rest}`;
  return {
    day: `/api/v1/query_range${q(`{__name__=~"fleet_server_.+",server="${s.history}"}`, `start=${s.end - 1439 * 60}&end=${s.end}&step=60`)}`,
    latest: `/api/v1/query${q('{__name__=~"fleet_server_.+"}', `time=${s.end}`)}`,
  };
}

/** The headers a remote-write 1.0 sender sends. */
export const REMOTE_WRITE_HEADERS = { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-prometheus-remote-write-version': '0.1.0' };

/** The value of one metric (summed over its label sets) from a /metrics text page. */
export function metric(page: string, name: string): number {
  let sum = 0;
  for (const line of page.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
