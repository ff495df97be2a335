import { parseProcessTarget } from '../../../shared/alert-inputs';
import type { AlertType } from '../../../shared/alerts';
import type { TargetFacts } from '../repos/alerts';
import type { Sql } from './db';

const display = (s: { hostname: string; nickname: string }) => s.nickname || s.hostname;

/**
 * Looks up an alert's target inside the account, with what its description needs. A Process target
 * needs its server; when the telemetry tables exist the process itself must have been seen too, under
 * the name the target id gives (else "wrongname on app-01" would describe a process that never ran).
 */
export async function alertTargetFacts(sql: Sql, accountId: number, type: AlertType, targetId: string): Promise<TargetFacts | null> {
  const server = (id: number) =>
    sql.row<{ hostname: string; nickname: string; os: string }>(
      'SELECT hostname, nickname, os FROM servers WHERE account_id = $1 AND id = $2 AND deleted_at IS NULL',
      [accountId, id],
    );
  if (type === 'Process') {
    const p = parseProcessTarget(targetId);
    const s = p && (await server(p.serverId));
    if (!p || !s) return null;
    if ((await sql.row<{ t: string | null }>(`SELECT to_regclass('tm_processes')::text AS t`))?.t) {
      const seen = await sql.row(
        'SELECT 1 FROM tm_processes WHERE account_id = $1 AND server_id = $2 AND pid = $3 AND create_time = $4 AND name = $5',
        [accountId, p.serverId, p.pid, p.creationTime, p.name],
      );
      if (!seen) return null;
    }
    return { kind: 'process', name: p.name, hostname: display(s) };
  }
  const id = Number(targetId);
  if (!Number.isSafeInteger(id)) return null; // no row has it (and a bigint parameter would refuse it)
  switch (type) {
    case 'Server': {
      const s = await server(id);
      return s ? { kind: 'server', ...s } : null;
    }
    case 'Server Tag': {
      const t = await sql.row<{ name: string; n: number }>(
        `SELECT t.name, (SELECT COUNT(*) FROM server_tag_members m JOIN servers s ON s.account_id = m.account_id AND s.id = m.server_id
           AND s.deleted_at IS NULL WHERE m.account_id = t.account_id AND m.tag_id = t.id) AS n
         FROM server_tags t WHERE t.account_id = $1 AND t.id = $2`,
        [accountId, id],
      );
      return t ? { kind: 'server tag', name: t.name, servers: t.n } : null;
    }
    case 'Log': {
      const l = await sql.row<{ source_type: string; source: string; hostname: string; nickname: string }>(
        `SELECT l.source_type, l.source, s.hostname, s.nickname FROM logs l JOIN servers s ON s.account_id = l.account_id AND s.id = l.server_id
         WHERE l.account_id = $1 AND l.id = $2 AND s.deleted_at IS NULL`,
        [accountId, id],
      );
      return l ? { kind: 'log', sourceType: l.source_type, source: l.source, hostname: display(l) } : null;
    }
    case 'Polled Data': {
      const p = await sql.row<{ name: string; hostname: string; nickname: string }>(
        `SELECT p.name, s.hostname, s.nickname FROM polled_data p JOIN servers s ON s.account_id = p.account_id AND s.id = p.server_id
         WHERE p.account_id = $1 AND p.id = $2 AND s.deleted_at IS NULL`,
        [accountId, id],
      );
      return p ? { kind: 'polled data', name: p.name, hostname: display(p) } : null;
    }
    case 'Application': {
      const a = await sql.row<{ name: string }>('SELECT name FROM applications WHERE account_id = $1 AND id = $2', [accountId, id]);
      return a ? { kind: 'application', name: a.name } : null;
    }
  }
}
