import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One read of a batch: a statement and its parameters. */
export interface OffThreadQuery {
  sql: string;
  params?: readonly (number | string | null)[];
}

/**
 * Reads that take seconds on a large file (dbstat, counts over whole tables), run on a worker thread
 * over its own read-only connection, so the service's only thread keeps answering meanwhile. WAL mode
 * lets that connection read beside the writer; each batch runs in one read transaction (one snapshot).
 */
export interface OffThreadReader {
  all<T>(queries: readonly OffThreadQuery[]): Promise<T[][]>;
  close(): Promise<void>;
}

// The worker is plain JavaScript evaluated from this string, so it runs the same under tsx, vitest and a
// build, with no loader of its own; the driver is resolved here and passed by path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const read = db.transaction((queries) => queries.map((q) => db.prepare(q.sql).all(...(q.params || []))));
parentPort.on('message', ({ id, queries }) => {
  try {
    parentPort.postMessage({ id, rows: read(queries) });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});
`;

const driverPath = () => createRequire(import.meta.url).resolve('better-sqlite3');

interface Pending {
  resolve: (rows: unknown[][]) => void;
  reject: (e: Error) => void;
}

/** A reader of `file` whose worker starts at the first batch and does not keep the process alive. */
export function offThreadReader(file: string): OffThreadReader {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver: driverPath() } });
    w.unref();
    w.on('message', (m: { id: number; rows?: unknown[][]; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.rows ?? []);
    });
    // A worker that dies fails what it held; the next batch starts a new one.
    const gone = (e: Error) => {
      if (worker === w) worker = null;
      failAll(e);
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the reader thread stopped (exit ${code})`)));
    return w;
  };
  return {
    all<T>(queries: readonly OffThreadQuery[]): Promise<T[][]> {
      worker ??= start();
      const id = nextId++;
      const w = worker;
      return new Promise<T[][]>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (rows: unknown[][]) => void, reject });
        w.postMessage({ id, queries });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
      failAll(new Error('the store is closed'));
    },
  };
}
