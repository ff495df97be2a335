import type { ScrapeTargetRepo } from '../repos/scrape-targets';
import { SCRAPE_TARGET_COLS, toScrapeTarget, type ScrapeTargetRow } from '../common/scrape-targets';
import type { Pg } from './db';

export function pgScrapeTargets(pg: Pg): ScrapeTargetRepo {
  const read = async (accountId: number, id: number) => {
    if (!Number.isSafeInteger(id)) return null;
    const r = await pg.row<ScrapeTargetRow>(`SELECT ${SCRAPE_TARGET_COLS} FROM scrape_targets WHERE account_id = $1 AND id = $2`, [accountId, id]);
    return r ? toScrapeTarget(r) : null;
  };
  return {
    async list(accountId, q) {
      const total = (await pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM scrape_targets WHERE account_id = $1', [accountId]))!.n;
      const rows = await pg.rows<ScrapeTargetRow>(`SELECT ${SCRAPE_TARGET_COLS} FROM scrape_targets WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`, [
        accountId,
        q.limit,
        q.page * q.limit,
      ]);
      return { total: Number(total), items: rows.map(toScrapeTarget) };
    },
    get: read,
    async create(accountId, w, created) {
      const r = await pg.row<ScrapeTargetRow>(
        `INSERT INTO scrape_targets (account_id, url, interval_s, labels, created) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING ${SCRAPE_TARGET_COLS}`,
        [accountId, w.url, w.interval, JSON.stringify(w.labels), created],
      );
      return toScrapeTarget(r!);
    },
    async update(accountId, id, w) {
      if (!Number.isSafeInteger(id)) return null;
      const r = await pg.row<ScrapeTargetRow>(
        `UPDATE scrape_targets SET counters = CASE WHEN url = $1 THEN counters END, url = $1, interval_s = $2, labels = $3::jsonb
          WHERE account_id = $4 AND id = $5 RETURNING ${SCRAPE_TARGET_COLS}`,
        [w.url, w.interval, JSON.stringify(w.labels), accountId, id],
      );
      return r ? toScrapeTarget(r) : null;
    },
    async delete(accountId, id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await pg.exec('DELETE FROM scrape_targets WHERE account_id = $1 AND id = $2', [accountId, id])) > 0;
    },
    async due(now, limit) {
      const rows = await pg.rows<ScrapeTargetRow>(
        `SELECT ${SCRAPE_TARGET_COLS} FROM scrape_targets WHERE last_scrape IS NULL OR last_scrape + interval_s <= $1 ORDER BY last_scrape NULLS FIRST, id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toScrapeTarget);
    },
    async recordScrape(accountId, id, o) {
      await pg.exec(
        `UPDATE scrape_targets SET last_scrape = $1, last_error = $2, server_id = COALESCE($3, server_id), counters = COALESCE($4, counters) WHERE account_id = $5 AND id = $6`,
        [o.at, o.error, o.serverId ?? null, o.counters ?? null, accountId, id],
      );
    },
  };
}
