import { parseJson } from '../common/util';
import type { TransactionMessageRow } from '../repos/log-data';
import type { ConnectionRow, Hop, ProcessSocketRow, TraceRepo, TraceServer } from '../repos/traces';
import type { Db } from './db';
import { TRANSACTION_COLUMNS } from './log-data';

/** Hops are capped per read so a busy socket cannot make one trace step unbounded. */
const HOPS_MAX = 5000;

const MESSAGE_HOP = `SELECT 'message' AS kind, id, server_id AS serverId, pid, NULL AS createTime,
  CASE log_type WHEN 'url' THEN 'server' ELSE 'client' END AS role,
  own_ip AS localIp, own_port AS localPort, peer_ip AS peerIp, peer_port AS peerPort,
  time AS start, duration, 0 AS open, log_id AS logId, log_type AS logType, minute
  FROM transaction_messages`;
const CONNECTION_HOP = `SELECT 'connection' AS kind, id, server_id AS serverId, pid, create_time AS createTime, role,
  local_ip AS localIp, local_port AS localPort, peer_ip AS peerIp, peer_port AS peerPort,
  minute AS start, CASE WHEN responses > 0 THEN response_time_us / 1e6 / responses ELSE 0 END AS duration,
  state = 'ESTABLISHED' AS open, NULL AS logId, NULL AS logType, minute
  FROM socket_connections`;

type HopRow = Omit<Hop, 'open'> & { open: number };
const toHop = (r: HopRow): Hop => ({ ...r, open: r.open === 1 });

/** Transaction messages and socket connections as trace hops, over SQLite. */
export function sqliteTraces(db: Db): TraceRepo {
  const byProcess = 'server_id = ? AND pid = ? AND minute BETWEEN ? AND ? AND account_id = ?';
  const processStmt = db.prepare<unknown[], HopRow>(
    `${MESSAGE_HOP} WHERE ${byProcess} UNION ALL ${CONNECTION_HOP} WHERE ${byProcess} LIMIT ${HOPS_MAX}`,
  );
  const localStmt = db.prepare<unknown[], HopRow>(
    `${MESSAGE_HOP} WHERE account_id = ? AND own_ip = ? AND own_port = ? AND minute BETWEEN ? AND ?
     UNION ALL ${CONNECTION_HOP} WHERE account_id = ? AND local_ip = ? AND local_port = ? AND minute BETWEEN ? AND ?
     LIMIT ${HOPS_MAX}`,
  );
  const peerStmt = db.prepare<unknown[], HopRow>(
    `${MESSAGE_HOP} WHERE account_id = ? AND peer_ip = ? AND peer_port = ? AND minute BETWEEN ? AND ? LIMIT ${HOPS_MAX}`,
  );
  const serversStmt = db.prepare<[number, string], { id: number; hostname: string; nickname: string; location_ip: string; network_interfaces: string }>(
    `SELECT id, hostname, nickname, location_ip, network_interfaces FROM servers
     WHERE account_id = ? AND id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL`,
  );
  const logStmt = db.prepare<unknown[], TransactionMessageRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transaction_messages
     WHERE log_id = ? AND account_id = ? AND minute BETWEEN ? AND ? AND time BETWEEN ? AND ? AND (? IS NULL OR pid = ?)
     ORDER BY time, id LIMIT ${HOPS_MAX}`,
  );
  const connectionsStmt = db.prepare<[number, number, number], ConnectionRow>(
    `SELECT server_id AS serverId, pid, create_time AS createTime, role, local_ip AS localIp, local_port AS localPort,
       peer_ip AS peerIp, peer_port AS peerPort, minute, responses
     FROM socket_connections WHERE account_id = ? AND minute BETWEEN ? AND ?`,
  );
  const processSocketsStmt = db.prepare<unknown[], ProcessSocketRow>(
    `SELECT id, role, state, local_ip AS localIp, local_port AS localPort, peer_ip AS peerIp, peer_port AS peerPort,
       sent, recv, responses, response_time_us AS responseTimeUs, minute
     FROM socket_connections
     WHERE account_id = ? AND server_id = ? AND pid = ? AND create_time = ? AND minute = COALESCE(?,
       (SELECT MAX(minute) FROM socket_connections WHERE account_id = ? AND server_id = ? AND pid = ? AND create_time = ?))
     ORDER BY id LIMIT ${HOPS_MAX}`,
  );
  const latestStmt = db.prepare<[number], { m: number | null }>(
    'SELECT MAX(minute) AS m FROM socket_connections WHERE account_id = ?',
  );
  // Walks the (account_id, minute) index from the newest minute down to the first row of those servers.
  const latestOfStmt = db.prepare<[number, number, string], { m: number }>(
    `SELECT minute AS m FROM socket_connections WHERE account_id = ? AND minute < ? AND server_id IN (SELECT value FROM json_each(?))
     ORDER BY minute DESC LIMIT 1`,
  );

  return {
    async processHops(accountId, serverId, pid, from, to) {
      const args = [serverId, pid, from, to, accountId];
      return processStmt.all(...args, ...args).map(toHop);
    },
    async localHops(accountId, ip, port, from, to) {
      const args = [accountId, ip, port, from, to];
      return localStmt.all(...args, ...args).map(toHop);
    },
    async peerHops(accountId, ip, port, from, to) {
      return peerStmt.all(accountId, ip, port, from, to).map(toHop);
    },
    async servers(accountId, ids): Promise<TraceServer[]> {
      if (ids.length === 0) return [];
      return serversStmt.all(accountId, JSON.stringify(ids)).map((s) => {
        const nics = parseJson<{ ip?: unknown }[]>(s.network_interfaces, []);
        const nicIp = nics.flatMap((n) => (Array.isArray(n.ip) ? n.ip : [])).find((ip): ip is string => typeof ip === 'string' && ip !== '');
        return { id: s.id, hostname: s.hostname, nickname: s.nickname, ip: nicIp ?? s.location_ip };
      });
    },
    async logMessages(accountId, logId, from, to, pid) {
      const p = pid ?? null;
      return logStmt.all(logId, accountId, Math.floor(from / 60) * 60, Math.floor(to / 60) * 60, from, to, p, p);
    },
    async processSockets(accountId, serverId, pid, createTime, minute) {
      const key = [accountId, serverId, pid, createTime];
      return processSocketsStmt.all(...key, minute ?? null, ...key);
    },
    async connections(accountId, from, to) {
      return connectionsStmt.all(accountId, from, to);
    },
    async latestConnectionMinute(accountId, of) {
      if (!of) return latestStmt.get(accountId)?.m ?? null;
      return latestOfStmt.get(accountId, of.before ?? Number.MAX_SAFE_INTEGER, JSON.stringify(of.serverIds))?.m ?? null;
    },
  };
}
