import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, startTestService, type TestService } from '../testing/harness';
import { DASHBOARD_CSP, IMMUTABLE } from './headers';

let svc: TestService;
const web = mkdtempSync(join(tmpdir(), 'fw-web-'));
const ASSET = '/assets/index-AbC123.js';
// An asset the build compressed (vite.config.ts writes .br and .gz beside each): sent as it is.
const PRE = '/assets/chart-XyZ789.js';
beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, PRE), `console.log(${JSON.stringify('y'.repeat(5000))});`);
  writeFileSync(join(web, `${PRE}.br`), Buffer.from('BROTLI-AT-BUILD'));
  writeFileSync(join(web, `${PRE}.gz`), gzipSync('console.log("y")'));
  writeFileSync(join(web, 'index.html'), `<!doctype html><html><head><script src="/theme.js"></script></head><body>${'<p>fleet</p>'.repeat(200)}</body></html>`);
  writeFileSync(join(web, ASSET), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  svc = await startTestService({ webDir: web });
});
afterAll(() => svc.close());

/** fetch without automatic decompression, to see what travels. */
async function raw(path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
    const req = request(svc.baseUrl + path, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends `text` on a raw socket and collects what comes back until the server closes. */
function socketExchange(text: string, baseUrl = svc.baseUrl): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const s = connect(Number(url.port), url.hostname, () => s.write(text));
    let got = '';
    s.on('data', (d) => (got += d.toString()));
    s.on('close', () => resolve(got));
    s.on('error', reject);
  });
}

describe('headers', () => {
  it.each([
    ['the API', '/api/servers/', true],
    ['a 401', '/api/servers/', false],
    ['a 404', '/nothing.png', false],
    ['the shell', '/', false],
    ['an asset', ASSET, false],
  ])('nosniff on %s', async (_name, path, signedIn) => {
    const r = await raw(path, signedIn ? { authorization: basicHeader(svc.account) } : {});
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/', '/fleet', '/incidents/12'])('%s is the shell with the CSP, never framed, not cached', async (path) => {
    const r = await raw(path);
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(DASHBOARD_CSP).toMatch(/frame-ancestors 'none'/);
    expect(DASHBOARD_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets are immutable for a year', async () => {
    expect((await raw(ASSET)).headers['cache-control']).toBe(IMMUTABLE);
  });
});

describe('compression', () => {
  it.each([
    ['br', ASSET, 'br'],
    ['gzip', ASSET, 'gzip'],
    ['br, gzip', '/', 'br'],
    ['gzip', '/api/openapi.json', 'gzip'],
    ['identity', ASSET, undefined],
  ])('Accept-Encoding %s on %s answers %s', async (accept, path, encoding) => {
    const r = await raw(path, { 'accept-encoding': accept });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(encoding);
    if (encoding) expect(r.bytes).toBeLessThan((await raw(path, { 'accept-encoding': 'identity' })).bytes / 2);
  });
});

describe('assets compressed at build', () => {
  it.each([
    ['br, gzip', 'br', 'BROTLI-AT-BUILD'.length],
    ['gzip', 'gzip', gzipSync('console.log("y")').length],
  ])('Accept-Encoding %s gets the %s file the build wrote, immutable', async (accept, encoding, bytes) => {
    const r = await raw(PRE, { 'accept-encoding': accept });
    expect(r.headers['content-encoding']).toBe(encoding);
    expect(r.bytes).toBe(bytes);
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
  });
});

describe('limits in the error shape', () => {
  it('431 for headers over 16 KiB', async () => {
    const answer = await socketExchange(`GET /api/servers/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    expect(answer).toMatch(/X-Content-Type-Options: nosniff/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: { status: 431, message: expect.any(String) } });
  });

  it('413 for a form body over 8 MiB', async () => {
    const r = await svc.request('POST', '/api/server_tags/', { form: { name: 'x'.repeat(8 * 1024 * 1024 + 1), servers: '[]' } });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: { status: 413, message: expect.any(String) } });
  });

  it('a 9 MiB collector batch is read (the batch limit is 64 MiB) and judged on its content: 400 naming the field', async () => {
    const r = await svc.request('POST', '/api/collector/batches/', { json: { guid: 'g', padding: 'x'.repeat(9 * 1024 * 1024) } });
    expect(r.status).toBe(400);
    expect(r.body.error.status).toBe(400);
  });

  it('413 for a gzip batch that inflates past 64 MiB', async () => {
    const bomb = gzipSync(Buffer.alloc(65 * 1024 * 1024, 0x20));
    const res = await fetch(`${svc.baseUrl}/api/collector/batches/`, {
      method: 'POST',
      headers: { authorization: basicHeader(svc.account), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { status: 413, message: expect.any(String) } });
  });
});

describe('connections', () => {
  // A service with short timeouts, so the test waits a fraction of a second, not the defaults' seconds.
  let quick: TestService;
  beforeAll(async () => {
    quick = await startTestService({ timeouts: { idle: 300, headers: 400, request: 600, keepAlive: 300, checkEvery: 50 } });
  });
  afterAll(() => quick.close());

  it.each([
    ['sends nothing at all', ''],
    ['sends half a request line and goes quiet', 'GET /api/ser'],
    ['sends half the headers and goes quiet', 'GET /api/servers/ HTTP/1.1\r\nHost: x\r\n'],
  ])('closes a client that %s', async (_name, text) => {
    // The promise resolves only when the server closes the socket; the client never does.
    const answer = await socketExchange(text, quick.baseUrl);
    if (answer) expect(answer).toMatch(/^HTTP\/1.1 408 [\s\S]*"status":408/);
  });

  it('closes a client that dribbles its headers a byte at a time (it never goes idle) with 408', async () => {
    const url = new URL(quick.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(url.port), url.hostname, () => s.write('GET /api/servers/ HTTP/1.1\r\nHost: x\r\nX-Slow: '));
      const drip = setInterval(() => s.writable && s.write('a'), 100);
      let got = '';
      s.on('data', (d) => (got += d.toString()));
      s.on('close', () => (clearInterval(drip), resolve(got)));
      s.on('error', (e) => (clearInterval(drip), reject(e)));
    });
    expect(answer).toMatch(/^HTTP\/1.1 408 [\s\S]*"status":408/);
  });

  it('closes an idle keep-alive connection after a complete request', async () => {
    const answer = await socketExchange(`GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n`, quick.baseUrl);
    expect(answer).toMatch(/^HTTP\/1.1 200 /);
  });
});
