import { parseJson } from '../common/util';
import type { AuditEntry, AuditRepo } from '../repos/team';
import type { Pg } from './db';

interface Row extends Omit<AuditEntry, 'before' | 'after'> {
  before: string | null;
  after: string | null;
}

const toEntry = (r: Row): AuditEntry => ({ ...r, before: parseJson(r.before, null), after: parseJson(r.after, null) });
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export function pgAudit(pg: Pg): AuditRepo {
  return {
    async record(accountId, e) {
      await pg.exec(
        `INSERT INTO audit_log (account_id, time, user_id, user_email, method, path, resource, resource_id, action, before, after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [accountId, e.time, e.user_id, e.user_email, e.method, e.path, e.resource, e.resource_id, e.action, json(e.before), json(e.after)],
      );
    },
    async list(accountId, filter, paging) {
      const where = ['account_id = $1'];
      const args: (string | number)[] = [accountId];
      const add = (cond: string, v: string | number) => (args.push(v), where.push(`${cond} $${args.length}`));
      if (filter.resource !== undefined) add('resource =', filter.resource);
      if (filter.action !== undefined) add('action =', filter.action);
      if (filter.userId !== undefined) add('user_id =', filter.userId);
      if (filter.start !== undefined) add('time >=', filter.start);
      if (filter.end !== undefined) add('time <=', filter.end);
      const w = where.join(' AND ');
      const total = (await pg.row<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log WHERE ${w}`, args))!.n;
      const rows = await pg.rows<Row>(
        `SELECT id, time, user_id, user_email, method, path, resource, resource_id, action, before, after
           FROM audit_log WHERE ${w} ORDER BY id DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
        [...args, paging.limit, paging.page * paging.limit],
      );
      return { total, items: rows.map(toEntry) };
    },
  };
}
