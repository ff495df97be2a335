import { safeIds } from '../common/util';
import type { ApplicationRecord, ApplicationRepo } from '../repos/applications';
import type { Pg, Sql } from './db';
import { idList, missingIds } from './util';

interface Row {
  id: number;
  name: string;
  template: number;
  created: number;
  servers: (string | number)[] | null;
}

// Live servers of each application as one ordered array, so a page is a single query.
const SELECT = `SELECT a.id, a.name, a.template, a.created,
  (SELECT array_agg(x.server_id ORDER BY x.server_id) FROM application_servers x
     JOIN servers s ON s.id = x.server_id AND s.account_id = x.account_id AND s.deleted_at IS NULL
     WHERE x.account_id = a.account_id AND x.application_id = a.id) AS servers
  FROM applications a`;

const toRecord = (r: Row): ApplicationRecord => ({ id: r.id, name: r.name, template: r.template, created: r.created, servers: idList(r.servers) });

const byId = async (sql: Sql, accountId: number, id: number) => {
  const row = await sql.row<Row>(`${SELECT} WHERE a.account_id = $1 AND a.id = $2`, [accountId, id]);
  return row ? toRecord(row) : null;
};

/** Adds the servers in one statement; present members stay (SQLite: INSERT OR IGNORE). */
const addServers = (sql: Sql, accountId: number, id: number, servers: number[]) =>
  sql.exec(
    `INSERT INTO application_servers (account_id, application_id, server_id)
     SELECT $1, $2, s FROM unnest($3::bigint[]) s ON CONFLICT DO NOTHING`,
    [accountId, id, safeIds(servers)],
  );

export function pgApplications(pg: Pg): ApplicationRepo {
  return {
    async list(accountId, paging) {
      const [count, rows] = await Promise.all([
        pg.row<{ n: number }>('SELECT COUNT(*) AS n FROM applications WHERE account_id = $1', [accountId]),
        pg.rows<Row>(`${SELECT} WHERE a.account_id = $1 ORDER BY a.id LIMIT $2 OFFSET $3`, [accountId, paging.limit, paging.page * paging.limit]),
      ]);
      return { total: count!.n, items: rows.map(toRecord) };
    },
    async get(accountId, id) {
      return Number.isSafeInteger(id) ? byId(pg, accountId, id) : null;
    },
    async byTemplate(accountId, template) {
      if (!Number.isSafeInteger(template)) return [];
      const rows = await pg.rows<Row>(`${SELECT} WHERE a.account_id = $1 AND a.template = $2 ORDER BY a.id`, [accountId, template]);
      return rows.map(toRecord);
    },
    async create(accountId, input, now) {
      return pg.tx(async (tx) => {
        const { id } = (await tx.row<{ id: number }>(
          'INSERT INTO applications (account_id, name, template, created) VALUES ($1, $2, $3, $4) RETURNING id',
          [accountId, input.name, input.template, now],
        ))!;
        await addServers(tx, accountId, id, input.servers);
        return (await byId(tx, accountId, id))!;
      });
    },
    async addServers(accountId, id, servers) {
      if (!Number.isSafeInteger(id)) return null;
      return pg.tx(async (tx) => {
        if (!(await tx.row('SELECT 1 FROM applications WHERE account_id = $1 AND id = $2', [accountId, id]))) return null;
        await addServers(tx, accountId, id, servers);
        return byId(tx, accountId, id);
      });
    },
    async missing(accountId, ids) {
      return missingIds(pg, 'applications', accountId, ids);
    },
  };
}
