import type { TransactionMessage } from '../../shared/ingest';
import type { DemoServer, Fleet } from './fleet';
import { dailyLoad } from './load';
import { hash, pick, rand } from './prng';
import { clientPort, incoming, linkSockets, outgoing, type Link } from './topology';

const URLS = [
  'GET /api/products?category=3&page=2 HTTP/1.1',
  'GET /api/products/1842 HTTP/1.1',
  'POST /api/cart/items HTTP/1.1',
  'GET /api/orders/99120 HTTP/1.1',
  'POST /api/checkout HTTP/1.1',
  'GET /api/search?q=usb+c+cable HTTP/1.1',
];
const SQL = [
  'SELECT id, name, price FROM products WHERE category_id = $1 ORDER BY rank LIMIT 20 OFFSET 20',
  'SELECT * FROM products WHERE id = $1',
  'INSERT INTO cart_items (cart_id, product_id, qty) VALUES ($1, $2, $3)',
  'SELECT o.*, l.* FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.id = $1',
  'UPDATE inventory SET qty = qty - $1 WHERE product_id = $2 AND qty >= $1',
  'SELECT id, name FROM products WHERE to_tsvector(name) @@ plainto_tsquery($1) LIMIT 50',
];
const ETL_SQL = ['COPY staging_orders FROM STDIN WITH (FORMAT csv)', 'DELETE FROM sessions WHERE expires < now()', 'REFRESH MATERIALIZED VIEW daily_sales'];

/** One request entering a web server, followed through an application server to a database. */
interface Chain {
  n: number;
  time: number;
  /** The web server's inbound socket (its client is a load balancer or the outside world). */
  peerIp: string;
  peerPort: number;
  appLink?: Link;
  appSocket: number;
  dbLink?: Link;
  dbSocket: number;
  durations: [number, number, number];
}

function chainsOf(fleet: Fleet, web: DemoServer, minute: number): Chain[] {
  const seed = fleet.seed;
  const count = 2 + Math.round(4 * dailyLoad(web, minute));
  const inbound = incoming(fleet, web);
  const apps = outgoing(fleet, web).filter((l) => l.server.tier === 'app');
  const chains: Chain[] = [];
  for (let n = 0; n < count; n++) {
    const inLink = inbound.length ? inbound[hash(seed, web.index, minute, n, 1) % inbound.length]! : undefined;
    const sockets = inLink ? linkSockets(fleet, inLink, minute) : [];
    const sock = sockets.length ? sockets[n % sockets.length] : undefined;
    const appLink = apps.length ? apps[hash(seed, web.index, minute, n, 2) % apps.length] : undefined;
    const dbs = appLink ? outgoing(fleet, appLink.server).filter((l) => l.server.tier === 'db') : [];
    const sql = 0.002 + 0.03 * rand(seed, web.index, minute, n, 3);
    const app = sql + 0.01 + 0.05 * rand(seed, web.index, minute, n, 4);
    chains.push({
      n,
      time: minute + ((n + rand(seed, web.index, minute, n, 5)) / count) * 59,
      peerIp: sock?.clientIp ?? '198.51.100.7',
      peerPort: sock?.clientPort ?? 50_000 + n,
      appLink,
      appSocket: n % 2,
      dbLink: dbs.length ? dbs[hash(seed, web.index, minute, n, 6) % dbs.length] : undefined,
      dbSocket: (n + 1) % 2,
      durations: [app + 0.002 + 0.004 * rand(seed, web.index, minute, n, 7), app, sql],
    });
  }
  return chains;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

function message(s: DemoServer, pid: number, m: Omit<TransactionMessage, 'pid' | 'application' | 'event' | 'version' | 'ppid' | 'socket' | 'own_ip'>): TransactionMessage {
  return { ...m, time: r3(m.time), duration: r3(m.duration), pid, ppid: 1, socket: 0, own_ip: s.ip, application: s.software, event: 'request', version: 1 };
}

/**
 * The AFURL/AFSQL messages server `s` logs in `minute`. Web servers log the requests they receive;
 * application servers log the calls from web servers (AFURL) and their queries (AFSQL); batch servers
 * log their queries. Own and peer ip:port pairs are the sockets of `linkSockets`, so traces connect.
 */
export function transactionsFor(fleet: Fleet, s: DemoServer, minute: number, pid: number): TransactionMessage[] {
  const out: TransactionMessage[] = [];
  if (s.tier === 'web') {
    for (const c of chainsOf(fleet, s, minute)) {
      out.push(message(s, pid, { log_type: 'url', time: c.time, own_port: s.port, peer_ip: c.peerIp, peer_port: c.peerPort, statement: pick(URLS, fleet.seed, s.index, minute, c.n), duration: c.durations[0] }));
    }
  } else if (s.tier === 'app') {
    for (const l of incoming(fleet, s)) {
      if (!l.client || l.client.tier !== 'web') continue;
      const web = l.client;
      for (const c of chainsOf(fleet, web, minute)) {
        if (c.appLink?.server.index !== s.index) continue;
        const time = c.time + 0.0015;
        out.push(message(s, pid, { log_type: 'url', time, own_port: s.port, peer_ip: web.ip, peer_port: clientPort(fleet.seed, c.appLink, minute, c.appSocket), statement: pick(URLS, fleet.seed, web.index, minute, c.n), duration: c.durations[1] }));
        if (c.dbLink) {
          out.push(message(s, pid, { log_type: 'sql', time: time + 0.003, own_port: clientPort(fleet.seed, c.dbLink, minute, c.dbSocket), peer_ip: c.dbLink.server.ip, peer_port: c.dbLink.server.port, statement: pick(SQL, fleet.seed, web.index, minute, c.n), duration: c.durations[2] }));
        }
      }
    }
  } else if (s.tier === 'batch') {
    for (const [j, l] of outgoing(fleet, s).entries()) {
      if (rand(fleet.seed, s.index, minute, j, 9) > 0.3) continue;
      out.push(message(s, pid, { log_type: 'sql', time: minute + 59 * rand(fleet.seed, s.index, minute, j, 10), own_port: clientPort(fleet.seed, l, minute, 0), peer_ip: l.server.ip, peer_port: l.server.port, statement: pick(ETL_SQL, fleet.seed, s.index, minute, j), duration: 0.5 + 4 * rand(fleet.seed, s.index, minute, j, 11) }));
    }
  }
  return out.sort((a, b) => a.time - b.time);
}
