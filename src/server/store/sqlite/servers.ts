import { COLUMNS, toServerRecord, type Row } from '../common/servers';
import { nowSeconds, pageTotal } from '../common/util';
import type { ServerRecord, ServerRepo } from '../repos/servers';
import type { Db } from './db';
import { serverListCache } from './server-list-cache';
import { missingIds } from './util';
import { stmt } from './telemetry/statements';

/**
 * A page of servers as one JSON text SQLite builds (an array of rows, each an array of the columns,
 * the JSON columns embedded): one string and one JSON.parse instead of an object of 17 properties per
 * row made through the driver, about a third of the cost of the server list, the dashboard's most
 * frequent read. A JSON column whose text is damaged reads as its default, as parseJson does.
 */
const PAGE_JSON = `json_group_array(json_array(id, guid, hostname, os, os_detail, arch, nickname, description, created,
  capacity_mem, capacity_cpu_num, capacity_cpu_freq, json(iif(json_valid(capacity_disks), capacity_disks, '{}')), current_version,
  location_ip, json(iif(json_valid(network_interfaces), network_interfaces, '[]')), last_seen) ORDER BY id)`;
type Tuple = [number, string, string, string, string, string, string, string, number, number, number, number, ServerRecord['capacity_disks'], number, string, ServerRecord['network_interfaces'], number | null];

/** A server's record from its page row, with its last_seen as read now (a kept page's row has the one it was read with). */
const fromTuple = (t: Tuple, lastSeen: number | null): ServerRecord => ({
  id: t[0],
  guid: t[1],
  hostname: t[2],
  os: t[3],
  os_detail: t[4],
  arch: t[5],
  nickname: t[6],
  description: t[7],
  created: t[8],
  capacity_mem: t[9],
  capacity_cpu_num: t[10],
  capacity_cpu_freq: t[11],
  capacity_disks: t[12],
  current_version: t[13],
  location_ip: t[14],
  network_interfaces: t[15],
  lastSeen,
});

export function sqliteServers(db: Db): ServerRepo {
  const byId = db.prepare<[number, number], Row>(
    `SELECT ${COLUMNS} FROM servers WHERE account_id = ? AND id = ? AND deleted_at IS NULL`,
  );
  const pages = serverListCache(db);
  const tagsOf = db.prepare<[number, number], { tag_id: number }>(
    'SELECT tag_id FROM server_tag_members WHERE account_id = ? AND server_id = ? ORDER BY tag_id',
  );

  const setTags = db.transaction((accountId: number, serverId: number, tagIds: number[]) => {
    db.prepare('DELETE FROM server_tag_members WHERE account_id = ? AND server_id = ?').run(accountId, serverId);
    const ins = db.prepare('INSERT OR IGNORE INTO server_tag_members (account_id, tag_id, server_id) VALUES (?, ?, ?)');
    for (const t of tagIds) ins.run(accountId, t, serverId);
  });

  const remove = db.transaction((accountId: number, id: number) => {
    const r = db
      .prepare('UPDATE servers SET deleted_at = ? WHERE account_id = ? AND id = ? AND deleted_at IS NULL')
      .run(nowSeconds(), accountId, id);
    if (r.changes === 0) return false;
    for (const t of ['server_tag_members', 'maintenance_window_servers', 'application_servers']) {
      db.prepare(`DELETE FROM ${t} WHERE account_id = ? AND server_id = ?`).run(accountId, id);
    }
    // Alerts on the server, its processes, its logs and its polled data go with it (their histories
    // stay readable); the logs and polled items no longer answer once their server is deleted.
    db.prepare(
      `DELETE FROM alerts WHERE account_id = ? AND ((type = 'Server' AND target_id = ?)
         OR (type = 'Process' AND substr(target_id, 1, length(?) + 1) = ? || ',')
         OR (type = 'Log' AND target_id IN (SELECT CAST(id AS TEXT) FROM logs WHERE account_id = ? AND server_id = ?))
         OR (type = 'Polled Data' AND target_id IN (SELECT CAST(id AS TEXT) FROM polled_data WHERE account_id = ? AND server_id = ?)))`,
    ).run(accountId, String(id), String(id), String(id), accountId, id, accountId, id);
    return true;
  });

  return {
    async list(accountId, filter, paging) {
      const where = ['account_id = ?', 'deleted_at IS NULL'];
      const args: (string | number)[] = [accountId];
      if (filter.hostname !== undefined) {
        where.push('hostname = ?');
        args.push(filter.hostname);
      }
      if (filter.location_ip !== undefined) {
        where.push('location_ip = ?');
        args.push(filter.location_ip);
      }
      if (filter.createdAfter !== undefined) {
        where.push('created > ?');
        args.push(filter.createdAfter);
      }
      const w = where.join(' AND ');
      const offset = paging.page * paging.limit;
      // The filters make a few distinct texts: each is prepared once (a list is a dashboard's most frequent read).
      const { total, tuples, seen } = pages<Tuple>(
        accountId,
        // The key holds the filters' values apart: joined by a separator, `a|` and `|b` would share one.
        JSON.stringify([w, args.slice(1), paging.limit, paging.page]),
        () => {
          // Two JSON arrays built by SQLite: cheaper than a row per server through the driver.
          const r = stmt<unknown[], { ids: string; seen: string }>(
            db,
            `SELECT json_group_array(id) AS ids, json_group_array(last_seen) AS seen FROM (SELECT id, last_seen FROM servers WHERE ${w} ORDER BY id LIMIT ? OFFSET ?)`,
          ).get(...args, paging.limit, offset)!;
          return { ids: JSON.parse(r.ids) as number[], seen: JSON.parse(r.seen) as (number | null)[] };
        },
        () => {
          // One more row than the page: when it does not come, the page tells the total and COUNT is not run.
          const page = stmt<unknown[], { page: string }>(db, `SELECT ${PAGE_JSON} AS page FROM (SELECT * FROM servers WHERE ${w} ORDER BY id LIMIT ? OFFSET ?)`);
          const rows = JSON.parse(page.get(...args, paging.limit + 1, offset)!.page) as Tuple[];
          return { total: pageTotal(rows, paging, () => stmt<unknown[], { n: number }>(db, `SELECT COUNT(*) AS n FROM servers WHERE ${w}`).get(...args)!.n), tuples: rows };
        },
      );
      return { total, items: seen ? tuples.map((t, i) => fromTuple(t, seen[i]!)) : tuples.map((t) => fromTuple(t, t[16])) };
    },
    async get(accountId, id) {
      const row = byId.get(accountId, id);
      return row ? toServerRecord(row) : null;
    },
    async update(accountId, id, patch) {
      const row = byId.get(accountId, id);
      if (!row) return null;
      db.prepare('UPDATE servers SET nickname = ?, description = ? WHERE account_id = ? AND id = ?').run(
        patch.nickname ?? row.nickname,
        patch.description ?? row.description,
        accountId,
        id,
      );
      return toServerRecord(byId.get(accountId, id)!);
    },
    async delete(accountId, id) {
      return remove.immediate(accountId, id);
    },
    async missing(accountId, ids) {
      return missingIds(db, 'servers', accountId, ids, 'AND deleted_at IS NULL');
    },
    async refs(accountId, ids) {
      if (ids.length === 0) return [];
      return db
        .prepare<[number, string], { id: number; hostname: string; nickname: string }>(
          `SELECT id, hostname, nickname FROM servers WHERE account_id = ? AND deleted_at IS NULL
             AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
        )
        .all(accountId, JSON.stringify(ids));
    },
    async tagIds(accountId, serverId) {
      return tagsOf.all(accountId, serverId).map((r) => r.tag_id);
    },
    async setTags(accountId, serverId, tagIds) {
      setTags.immediate(accountId, serverId, tagIds);
    },
  };
}
