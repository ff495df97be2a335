import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A real HTTP receiver on loopback that records requests and answers with the status the test chooses. */
export async function receiver(port = 0, answer: (n: number) => { status: number; headers?: Record<string, string>; delayMs?: number } = () => ({ status: 200 })) {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body, at: Date.now() });
      const a = answer(hits.length);
      const reply = () => res.writeHead(a.status, a.headers).end('ok');
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    hits,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
