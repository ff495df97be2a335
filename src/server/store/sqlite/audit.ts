import { parseJson } from '../common/util';
import type { AuditEntry, AuditRepo } from '../repos/team';
import type { Db } from './db';

interface Row extends Omit<AuditEntry, 'before' | 'after'> {
  before: string | null;
  after: string | null;
}

const toEntry = (r: Row): AuditEntry => ({ ...r, before: parseJson(r.before, null), after: parseJson(r.after, null) });

export function sqliteAudit(db: Db): AuditRepo {
  const insert = db.prepare(`INSERT INTO audit_log
    (account_id, time, user_id, user_email, method, path, resource, resource_id, action, before, after)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  return {
    async record(accountId, e) {
      insert.run(accountId, e.time, e.user_id, e.user_email, e.method, e.path, e.resource, e.resource_id, e.action, json(e.before), json(e.after));
    },
    async list(accountId, filter, paging) {
      const where = ['account_id = ?'];
      const args: (string | number)[] = [accountId];
      if (filter.resource !== undefined) {
        where.push('resource = ?');
        args.push(filter.resource);
      }
      if (filter.action !== undefined) {
        where.push('action = ?');
        args.push(filter.action);
      }
      if (filter.userId !== undefined) {
        where.push('user_id = ?');
        args.push(filter.userId);
      }
      if (filter.start !== undefined) {
        where.push('time >= ?');
        args.push(filter.start);
      }
      if (filter.end !== undefined) {
        where.push('time <= ?');
        args.push(filter.end);
      }
      const w = where.join(' AND ');
      const total = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM audit_log WHERE ${w}`).get(...args)!.n;
      const rows = db
        .prepare<unknown[], Row>(
          `SELECT id, time, user_id, user_email, method, path, resource, resource_id, action, before, after
             FROM audit_log WHERE ${w} ORDER BY id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, paging.limit, paging.page * paging.limit);
      return { total, items: rows.map(toEntry) };
    },
  };
}
