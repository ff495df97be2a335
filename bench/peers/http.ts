import { Agent, request } from 'node:http';

/** What one request answered, and its round trip as the client saw it (ms). */
export interface Answer {
  status: number;
  text: string;
  ms: number;
}

/** A keep-alive HTTP client of one service with at most `sockets` requests in flight. */
export function client(base: string, headers: Record<string, string>, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  function send(method: string, path: string, body?: Buffer, bodyHeaders: Record<string, string> = {}): Promise<Answer> {
    const t0 = performance.now();
    const h: Record<string, string | number> = { ...headers };
    if (body) Object.assign(h, bodyHeaders, { 'content-length': body.length });
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method, path, headers: h, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status >= 300) reject(new Error(`${method} ${base}${path}: ${status} ${text.slice(0, 300)}`));
          else resolve({ status, text, ms: performance.now() - t0 });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  return { send, close: () => agent.destroy() };
}

/** Runs fn over items with `width` calls in flight. */
export async function pool<T>(items: T[], width: number, fn: (t: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => { while (next < items.length) await fn(items[next++]!); }));
}

/** The median. */
export const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
