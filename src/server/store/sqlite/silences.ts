import type { ServerScope, SilenceRepo, SilenceWrite } from '../repos/silences';
import { scopesOf, silenceColumns, toSilenceRecord, type SilenceRow } from '../silence-rows';
import type { Db } from './db';
import { parseJson } from '../common/util';

const COLS = 'id, alerts, servers, server_tags, server_sets, alert_name, matchers, start, "end", reason, created_by, created';
const ids = (text: string) => {
  const list = parseJson<unknown>(text, []);
  return (Array.isArray(list) ? list : []).filter((x): x is number => Number.isSafeInteger(x));
};
const toRecord = (r: SilenceRow<string>) => toSilenceRecord(r, ids);
const json = (list: number[]) => JSON.stringify(list);

/** `active` 1: not ended at `now` (a silence starting later is not over yet); 0: ended by then; null: all. */
const WHEN = 'account_id = @account AND (@active IS NULL OR ("end" > @now) = @active)';

export function sqliteSilences(db: Db): SilenceRepo {
  const byId = db.prepare<[number, number], SilenceRow<string>>(`SELECT ${COLS} FROM silences WHERE account_id = ? AND id = ?`);
  const insert = db.prepare(`INSERT INTO silences (account_id, alerts, servers, server_tags, server_sets, alert_name, start, "end", reason, created_by, matchers, created)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const change = db.prepare(`UPDATE silences SET alerts = ?, servers = ?, server_tags = ?, server_sets = ?, alert_name = ?, start = ?, "end" = ?, reason = ?, matchers = ?
    WHERE account_id = ? AND id = ?`);

  return {
    async list(accountId, q) {
      const args = { account: accountId, active: q.active === undefined ? null : q.active ? 1 : 0, now: q.now, limit: q.limit, offset: q.page * q.limit };
      const total = db.prepare<typeof args, { n: number }>(`SELECT COUNT(*) AS n FROM silences WHERE ${WHEN}`).get(args)!.n;
      const rows = db.prepare<typeof args, SilenceRow<string>>(`SELECT ${COLS} FROM silences WHERE ${WHEN} ORDER BY id DESC LIMIT @limit OFFSET @offset`).all(args);
      return { total, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      const r = byId.get(accountId, id);
      return r ? toRecord(r) : null;
    },
    async create(accountId, input: SilenceWrite, created) {
      const id = Number(insert.run(accountId, ...silenceColumns(input, json), created).lastInsertRowid);
      return toRecord(byId.get(accountId, id)!);
    },
    async update(accountId, id, input) {
      // created_by stays the creator's.
      const [a, s, t, x, name, start, end, reason, , matchers] = silenceColumns(input, json);
      if (change.run(a, s, t, x, name, start, end, reason, matchers, accountId, id).changes === 0) return null;
      return toRecord(byId.get(accountId, id)!);
    },
    async delete(accountId, id) {
      return db.prepare('DELETE FROM silences WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
  };
}

/** The alert engine's reads of silences: those running at a time, and the tags and sets of servers. */
export function sqliteSilenceReads(db: Db) {
  const running = db.prepare<[number, number, number], SilenceRow<string>>(
    `SELECT ${COLS} FROM silences WHERE account_id = ? AND "end" > ? AND start <= ? ORDER BY id`,
  );
  const tags = db.prepare<[number, string], { server_id: number; tag_id: number }>(
    'SELECT server_id, tag_id FROM server_tag_members WHERE account_id = ? AND server_id IN (SELECT value FROM json_each(?)) ORDER BY server_id, tag_id',
  );
  const sets = db.prepare<[number, string], { tag_id: number; set_id: number }>(
    'SELECT DISTINCT tag_id, set_id FROM server_set_tags WHERE account_id = ? AND tag_id IN (SELECT value FROM json_each(?)) ORDER BY set_id',
  );
  return {
    activeAt: (accountId: number, at: number) => running.all(accountId, at, at).map(toRecord),
    serverScopes(accountId: number, serverIds: number[]): ServerScope[] {
      const memberships = tags.all(accountId, JSON.stringify(serverIds));
      return scopesOf(serverIds, memberships, sets.all(accountId, JSON.stringify([...new Set(memberships.map((m) => m.tag_id))])));
    },
  };
}
