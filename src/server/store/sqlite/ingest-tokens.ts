import { INGEST_TOKEN_COLUMNS, toIngestToken, type IngestTokenRow } from '../common/external-alert-rows';
import type { IngestTokenRepo } from '../repos/external-alerts';
import type { Db } from './db';

export function sqliteIngestTokens(db: Db): IngestTokenRepo {
  const byId = db.prepare<[number, number], IngestTokenRow>(`SELECT ${INGEST_TOKEN_COLUMNS} FROM ingest_tokens WHERE account_id = ? AND id = ?`);
  return {
    async create(accountId, t, now) {
      const id = Number(
        db
          .prepare('INSERT INTO ingest_tokens (account_id, name, lookup, token_hash, created, created_by) VALUES (?, ?, ?, ?, ?, ?)')
          .run(accountId, t.name, t.lookup, t.hash, now, t.createdBy).lastInsertRowid,
      );
      return toIngestToken(byId.get(accountId, id)!);
    },
    async list(accountId, paging) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM ingest_tokens WHERE account_id = ?').get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], IngestTokenRow>(`SELECT ${INGEST_TOKEN_COLUMNS} FROM ingest_tokens WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`)
        .all(accountId, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toIngestToken) };
    },
    async get(accountId, id) {
      const r = byId.get(accountId, id);
      return r ? toIngestToken(r) : null;
    },
    async delete(accountId, id) {
      return db.prepare('DELETE FROM ingest_tokens WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
    async byLookup(lookup) {
      const rows = db.prepare<[string], { account_id: number; id: number; token_hash: string }>('SELECT account_id, id, token_hash FROM ingest_tokens WHERE lookup = ?').all(lookup);
      return rows.map((r) => ({ accountId: r.account_id, id: r.id, hash: r.token_hash }));
    },
    async touch(accountId, id, now) {
      db.prepare('UPDATE ingest_tokens SET last_used = ? WHERE account_id = ? AND id = ? AND (last_used IS NULL OR last_used < ?)').run(now, accountId, id, now - 60);
    },
  };
}
