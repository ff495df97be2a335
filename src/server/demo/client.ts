import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { Batch, CollectorConfig, Registration } from '../../shared/ingest';

const gzip = promisify(gzipCb);

/** An answer of the service: its status and parsed JSON body (or text). */
export interface Answer {
  status: number;
  body: unknown;
}

/** Thrown when the service answers with an unexpected status. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown, what: string) {
    super(`${what}: HTTP ${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`.slice(0, 500));
  }
}

function encodeForm(form: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) {
    if (v !== undefined) p.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return p.toString();
}

/**
 * A small HTTP client for the service's API: Basic credentials, keep-alive connections (one pool,
 * sized for the backfill's concurrency) and optionally gzip-compressed batch bodies.
 */
export class DemoClient {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly auth: string;

  constructor(baseUrl: string, email: string, key: string, private readonly opts: { gzip?: boolean; maxSockets?: number } = {}) {
    this.base = new URL(baseUrl.endsWith('/') ? baseUrl : baseUrl + '/');
    const Agent = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 16 });
    this.auth = `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
  }

  /** Sends a request; `form` goes in the query string for GET/DELETE and url-encoded otherwise. */
  async request(method: string, path: string, opts: { form?: Record<string, unknown>; json?: unknown; gzip?: boolean } = {}): Promise<Answer> {
    const url = new URL(path.replace(/^\//, ''), this.base);
    const headers: Record<string, string> = { authorization: this.auth, accept: 'application/json' };
    let body: Buffer | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(opts.json));
      if (opts.gzip) {
        body = await gzip(body, { level: 1 });
        headers['content-encoding'] = 'gzip';
      }
    } else if (opts.form) {
      const encoded = encodeForm(opts.form);
      if (method === 'GET' || method === 'DELETE') url.search = encoded;
      else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = Buffer.from(encoded);
      }
    }
    if (body) headers['content-length'] = String(body.length);
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      const req = lib.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON: keep the text */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${url.pathname} timed out`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** POST /api/v5/collector/register. */
  async register(reg: Registration): Promise<{ server_id: number; config: CollectorConfig }> {
    const r = await this.request('POST', '/api/v5/collector/register', { json: reg });
    if (r.status !== 200 && r.status !== 201) throw new HttpError(r.status, r.body, `register ${reg.hostname}`);
    return r.body as { server_id: number; config: CollectorConfig };
  }

  /** GET /api/v5/collector/config?guid=. */
  async config(guid: string): Promise<CollectorConfig> {
    const r = await this.request('GET', '/api/v5/collector/config', { form: { guid } });
    if (r.status !== 200) throw new HttpError(r.status, r.body, `config of ${guid}`);
    return r.body as CollectorConfig;
  }

  /** POST /api/v5/collector/batches; answers the status (200 replay, 201 stored; the caller handles others). */
  sendBatch(b: Batch): Promise<Answer> {
    return this.request('POST', '/api/v5/collector/batches', { json: b, gzip: this.opts.gzip });
  }

  /** Closes the idle keep-alive connections. */
  close(): void {
    this.agent.destroy();
  }
}
