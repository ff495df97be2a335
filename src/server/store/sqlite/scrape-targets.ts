import type { ScrapeTargetRepo } from '../repos/scrape-targets';
import { SCRAPE_TARGET_COLS, toScrapeTarget, type ScrapeTargetRow } from '../common/scrape-targets';
import type { Db } from './db';

export function sqliteScrapeTargets(db: Db): ScrapeTargetRepo {
  const byId = db.prepare<[number, number], ScrapeTargetRow>(`SELECT ${SCRAPE_TARGET_COLS} FROM scrape_targets WHERE account_id = ? AND id = ?`);
  const read = (accountId: number, id: number) => {
    const r = byId.get(accountId, id);
    return r ? toScrapeTarget(r) : null;
  };
  return {
    async list(accountId, q) {
      const total = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM scrape_targets WHERE account_id = ?').get(accountId)!.n;
      const rows = db
        .prepare<[number, number, number], ScrapeTargetRow>(`SELECT ${SCRAPE_TARGET_COLS} FROM scrape_targets WHERE account_id = ? ORDER BY id LIMIT ? OFFSET ?`)
        .all(accountId, q.limit, q.page * q.limit);
      return { total, items: rows.map(toScrapeTarget) };
    },
    async get(accountId, id) {
      return read(accountId, id);
    },
    async create(accountId, w, created) {
      const r = db
        .prepare('INSERT INTO scrape_targets (account_id, url, interval_s, labels, created) VALUES (?, ?, ?, ?, ?)')
        .run(accountId, w.url, w.interval, JSON.stringify(w.labels), created);
      return read(accountId, Number(r.lastInsertRowid))!;
    },
    async update(accountId, id, w) {
      const r = db
        .prepare(`UPDATE scrape_targets SET counters = CASE WHEN url = ? THEN counters END, url = ?, interval_s = ?, labels = ? WHERE account_id = ? AND id = ?`)
        .run(w.url, w.url, w.interval, JSON.stringify(w.labels), accountId, id);
      return r.changes ? read(accountId, id) : null;
    },
    async delete(accountId, id) {
      return db.prepare('DELETE FROM scrape_targets WHERE account_id = ? AND id = ?').run(accountId, id).changes > 0;
    },
    async due(now, limit) {
      return db
        .prepare<[number, number], ScrapeTargetRow>(
          `SELECT ${SCRAPE_TARGET_COLS} FROM scrape_targets WHERE last_scrape IS NULL OR last_scrape + interval_s <= ? ORDER BY last_scrape IS NOT NULL, last_scrape, id LIMIT ?`,
        )
        .all(now, limit)
        .map(toScrapeTarget);
    },
    async recordScrape(accountId, id, o) {
      db.prepare(
        `UPDATE scrape_targets SET last_scrape = ?, last_error = ?, server_id = COALESCE(?, server_id), counters = COALESCE(?, counters) WHERE account_id = ? AND id = ?`,
      ).run(o.at, o.error, o.serverId ?? null, o.counters ?? null, accountId, id);
    },
  };
}
