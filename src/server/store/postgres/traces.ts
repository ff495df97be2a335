import { parseJson, safeIds } from '../common/util';
import type { TransactionMessageRow } from '../repos/log-data';
import type { ConnectionRow, Hop, ProcessSocketRow, TraceRepo, TraceServer } from '../repos/traces';
import { atLeast, minuteRange } from './bounds';
import type { Pg } from './db';
import { TRANSACTION_COLUMNS } from './log-data';

/** Hops are capped per read so a busy socket cannot make one trace step unbounded. */
const HOPS_MAX = 5000;

// SQLite answers these reads in the order of the index it walks (minute, then insertion); the
// explicit ORDER BY gives the same order here, messages before connections, as the UNION ALL reads.
const MESSAGE_HOP = `SELECT 0 AS part, 'message' AS kind, id, server_id AS "serverId", pid, NULL::bigint AS "createTime",
  CASE log_type WHEN 'url' THEN 'server' ELSE 'client' END AS role,
  own_ip AS "localIp", own_port AS "localPort", peer_ip AS "peerIp", peer_port AS "peerPort",
  time AS start, duration, false AS open, log_id AS "logId", log_type AS "logType", minute
  FROM transaction_messages`;
// Average response time in double precision, as SQLite computes it (integer / real).
const CONNECTION_HOP = `SELECT 1 AS part, 'connection' AS kind, id, server_id AS "serverId", pid, create_time AS "createTime", role,
  local_ip AS "localIp", local_port AS "localPort", peer_ip AS "peerIp", peer_port AS "peerPort",
  minute::float8 AS start, CASE WHEN responses > 0 THEN response_time_us::float8 / 1e6::float8 / responses ELSE 0::float8 END AS duration,
  state = 'ESTABLISHED' AS open, NULL::bigint AS "logId", NULL::text AS "logType", minute
  FROM socket_connections`;
const HOP_ORDER = `ORDER BY part, minute, id LIMIT ${HOPS_MAX}`;

const toHop = ({ part: _p, ...h }: Hop & { part: number }): Hop => h;

/** Transaction messages and socket connections as trace hops, over PostgreSQL. */
export function pgTraces(pg: Pg): TraceRepo {
  const hops = async (sql: string, args: unknown[]) => (await pg.rows<Hop & { part: number }>(sql, args)).map(toHop);

  return {
    async processHops(accountId, serverId, pid, from, to) {
      if (!Number.isSafeInteger(serverId) || !Number.isSafeInteger(pid)) return [];
      const where = 'account_id = $1 AND server_id = $2 AND pid = $3 AND minute BETWEEN $4 AND $5';
      return hops(`${MESSAGE_HOP} WHERE ${where} UNION ALL ${CONNECTION_HOP} WHERE ${where} ${HOP_ORDER}`, [accountId, serverId, pid, ...minuteRange(from, to)]);
    },
    async localHops(accountId, ip, port, from, to) {
      return hops(
        `${MESSAGE_HOP} WHERE account_id = $1 AND own_ip = $2 AND own_port = $3 AND minute BETWEEN $4 AND $5
         UNION ALL ${CONNECTION_HOP} WHERE account_id = $1 AND local_ip = $2 AND local_port = $3 AND minute BETWEEN $4 AND $5
         ${HOP_ORDER}`,
        [accountId, ip, port, ...minuteRange(from, to)],
      );
    },
    async peerHops(accountId, ip, port, from, to) {
      return hops(`${MESSAGE_HOP} WHERE account_id = $1 AND peer_ip = $2 AND peer_port = $3 AND minute BETWEEN $4 AND $5 ${HOP_ORDER}`, [
        accountId,
        ip,
        port,
        ...minuteRange(from, to),
      ]);
    },
    async servers(accountId, ids): Promise<TraceServer[]> {
      if (ids.length === 0) return [];
      const rows = await pg.rows<{ id: number; hostname: string; nickname: string; location_ip: string; network_interfaces: string }>(
        `SELECT id, hostname, nickname, location_ip, network_interfaces FROM servers
         WHERE account_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL ORDER BY id`,
        [accountId, safeIds(ids)],
      );
      return rows.map((s) => {
        const nics = parseJson<{ ip?: unknown }[]>(s.network_interfaces, []);
        const nicIp = nics.flatMap((n) => (Array.isArray(n.ip) ? n.ip : [])).find((ip): ip is string => typeof ip === 'string' && ip !== '');
        return { id: s.id, hostname: s.hostname, nickname: s.nickname, ip: nicIp ?? s.location_ip };
      });
    },
    async logMessages(accountId, logId, from, to, pid) {
      if (!Number.isSafeInteger(logId) || (pid !== undefined && !Number.isSafeInteger(pid))) return [];
      return pg.rows<TransactionMessageRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM transaction_messages
         WHERE account_id = $1 AND log_id = $2 AND minute BETWEEN $3 AND $4 AND time BETWEEN $5 AND $6
           AND ($7::bigint IS NULL OR pid = $7)
         ORDER BY time, id LIMIT ${HOPS_MAX}`,
        [accountId, logId, ...minuteRange(Math.floor(from / 60) * 60, Math.floor(to / 60) * 60), from, to, pid ?? null],
      );
    },
    async processSockets(accountId, serverId, pid, createTime, minute) {
      if (![serverId, pid, createTime, minute ?? 0].every(Number.isSafeInteger)) return [];
      return pg.rows<ProcessSocketRow>(
        `SELECT id, role, state, local_ip AS "localIp", local_port AS "localPort", peer_ip AS "peerIp", peer_port AS "peerPort",
           sent, recv, responses, response_time_us AS "responseTimeUs", minute
         FROM socket_connections
         WHERE account_id = $1 AND server_id = $2 AND pid = $3 AND create_time = $4 AND minute = COALESCE($5::bigint,
           (SELECT MAX(minute) FROM socket_connections WHERE account_id = $1 AND server_id = $2 AND pid = $3 AND create_time = $4))
         ORDER BY id LIMIT ${HOPS_MAX}`,
        [accountId, serverId, pid, createTime, minute ?? null],
      );
    },
    async connections(accountId, from, to) {
      return pg.rows<ConnectionRow>(
        `SELECT server_id AS "serverId", pid, create_time AS "createTime", role, local_ip AS "localIp", local_port AS "localPort",
           peer_ip AS "peerIp", peer_port AS "peerPort", minute, responses
         FROM socket_connections WHERE account_id = $1 AND minute BETWEEN $2 AND $3 ORDER BY minute, id`,
        [accountId, ...minuteRange(from, to)],
      );
    },
    async latestConnectionMinute(accountId, of) {
      if (!of) {
        return (await pg.row<{ m: number | null }>('SELECT MAX(minute) AS m FROM socket_connections WHERE account_id = $1', [accountId]))?.m ?? null;
      }
      // minute < before: the least integer at or above `before` selects the same minutes.
      const row = await pg.row<{ m: number }>(
        `SELECT minute AS m FROM socket_connections WHERE account_id = $1 AND minute < $2 AND server_id = ANY($3::bigint[])
         ORDER BY minute DESC LIMIT 1`,
        [accountId, atLeast(of.before ?? Number.MAX_SAFE_INTEGER), safeIds([...of.serverIds])],
      );
      return row?.m ?? null;
    },
  };
}
