import { gzipSync } from 'node:zlib';
import { toColumns } from '../../shared/batch-columns';
import { collectorConfig, registerResponse, type Batch, type CollectorConfig, type Registration } from '../../shared/ingest';

/** Where and as whom the collector talks to the service. */
export interface ServiceTarget {
  /** Base URL of the service, e.g. http://127.0.0.1:8080 (the /api/v5 prefix is added). */
  url: string;
  email: string;
  key: string;
}

/** What happened to an upload, and so what the agent does next. */
export type UploadOutcome =
  | { kind: 'stored'; stored: boolean }
  /** The server record is unknown or the guid conflicts: register again, then resend. */
  | { kind: 'reregister'; status: number }
  /** The server was deleted through the API: the collector stops. */
  | { kind: 'gone' }
  /** The service refused the batch itself (400, 413): resending cannot help. */
  | { kind: 'rejected'; status: number; message: string }
  /** Network error, 5xx or 429: resend later with the same batch id. */
  | { kind: 'retry'; message: string };

/** An HTTP failure of register or config, carrying the status. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The three calls of the collector protocol over HTTP with Basic auth; bodies are gzip-compressed. */
export class Uploader {
  private readonly base: string;
  private readonly auth: string;

  constructor(target: ServiceTarget, private readonly timeoutMs = 30_000) {
    this.base = target.url.replace(/\/+$/, '') + '/api/v5/collector';
    this.auth = 'Basic ' + Buffer.from(`${target.email}:${target.key}`).toString('base64');
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: this.auth, accept: 'application/json' };
    let payload: Uint8Array<ArrayBuffer> | undefined;
    if (body !== undefined) {
      payload = new Uint8Array(gzipSync(JSON.stringify(body)));
      headers['content-type'] = 'application/json';
      headers['content-encoding'] = 'gzip';
    }
    return fetch(this.base + path, { method, headers, body: payload, signal: AbortSignal.timeout(this.timeoutMs) });
  }

  private static async fail(res: Response): Promise<ServiceError> {
    const text = await res.text().catch(() => '');
    let message = text.slice(0, 500);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } };
      message = parsed.error?.message ?? message;
    } catch {
      /* not JSON */
    }
    return new ServiceError(res.status, `HTTP ${res.status}: ${message}`);
  }

  /** Registers (or re-registers) the server; answers its id and configuration. */
  async register(reg: Registration): Promise<{ server_id: number; config: CollectorConfig }> {
    const res = await this.send('POST', '/register', reg);
    if (!res.ok) throw await Uploader.fail(res);
    return registerResponse.parse(await res.json());
  }

  /** Pulls the current configuration of the server registered under guid. */
  async config(guid: string): Promise<CollectorConfig> {
    const res = await this.send('GET', `/config?guid=${encodeURIComponent(guid)}`);
    if (!res.ok) throw await Uploader.fail(res);
    return collectorConfig.parse(await res.json());
  }

  /** Uploads one batch (its processes as columns, the cheaper form for the service to read) and classifies the answer. */
  async upload(batch: Batch): Promise<UploadOutcome> {
    let res: Response;
    try {
      res = await this.send('POST', '/batches', { ...batch, processes: toColumns(batch.processes) });
    } catch (err) {
      return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
    }
    if (res.ok) {
      const body = (await res.json().catch(() => ({}))) as { stored?: unknown };
      return { kind: 'stored', stored: body.stored !== false };
    }
    if (res.status === 404 || res.status === 409) {
      await res.body?.cancel();
      return { kind: 'reregister', status: res.status };
    }
    if (res.status === 410) {
      await res.body?.cancel();
      return { kind: 'gone' };
    }
    const err = await Uploader.fail(res);
    if (res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 403) return { kind: 'retry', message: err.message };
    return { kind: 'rejected', status: res.status, message: err.message };
  }
}
