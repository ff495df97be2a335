import { INGEST_TOKEN_COLUMNS, toIngestToken, type IngestTokenRow } from '../common/external-alert-rows';
import type { IngestTokenRepo } from '../repos/external-alerts';
import type { Pg } from './db';

export function pgIngestTokens(pg: Pg): IngestTokenRepo {
  return {
    async create(accountId, t, now) {
      const r = await pg.row<IngestTokenRow>(
        `INSERT INTO ingest_tokens (account_id, name, lookup, token_hash, created, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${INGEST_TOKEN_COLUMNS}`,
        [accountId, t.name, t.lookup, t.hash, now, t.createdBy],
      );
      return toIngestToken(r!);
    },
    async list(accountId, paging) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*)::int AS n FROM ingest_tokens WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<IngestTokenRow>(`SELECT ${INGEST_TOKEN_COLUMNS} FROM ingest_tokens WHERE account_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [
        accountId, paging.limit, paging.page * paging.limit,
      ]);
      return { total, items: rows.map(toIngestToken) };
    },
    async get(accountId, id) {
      if (!Number.isSafeInteger(id)) return null;
      const r = await pg.row<IngestTokenRow>(`SELECT ${INGEST_TOKEN_COLUMNS} FROM ingest_tokens WHERE account_id = $1 AND id = $2`, [accountId, id]);
      return r ? toIngestToken(r) : null;
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await pg.exec('DELETE FROM ingest_tokens WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async byLookup(lookup) {
      const rows = await pg.rows<{ account_id: number; id: number; token_hash: string }>('SELECT account_id, id, token_hash FROM ingest_tokens WHERE lookup = $1', [lookup]);
      return rows.map((r) => ({ accountId: Number(r.account_id), id: Number(r.id), hash: r.token_hash }));
    },
    async touch(accountId, id, now) {
      await pg.exec('UPDATE ingest_tokens SET last_used = $1 WHERE account_id = $2 AND id = $3 AND (last_used IS NULL OR last_used < $4)', [now, accountId, id, now - 60]);
    },
  };
}
