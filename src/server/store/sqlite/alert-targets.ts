import { parseProcessTarget } from '../../../shared/alert-inputs';
import type { AlertType } from '../../../shared/alerts';
import type { TargetFacts } from '../repos/alerts';
import type { Db } from './db';

const LIVE_SERVER = 'SELECT hostname, nickname, os FROM servers WHERE account_id = ? AND id = ? AND deleted_at IS NULL';

const display = (s: { hostname: string; nickname: string }) => s.nickname || s.hostname;

/**
 * Looks up an alert's target inside the account, with what its description needs. A Process target
 * needs its server; when the telemetry tables exist the process itself must have been seen too, under
 * the name the target id gives (else "wrongname on app-01" would describe a process that never ran).
 */
export function alertTargetFacts(db: Db, accountId: number, type: AlertType, targetId: string): TargetFacts | null {
  const server = (id: number) => db.prepare<[number, number], { hostname: string; nickname: string; os: string }>(LIVE_SERVER).get(accountId, id);
  if (type === 'Process') {
    const p = parseProcessTarget(targetId);
    const s = p && server(p.serverId);
    if (!p || !s) return null;
    if (hasTable(db, 'tm_processes')) {
      const seen = db
        .prepare('SELECT 1 FROM tm_processes WHERE account_id = ? AND server_id = ? AND pid = ? AND create_time = ? AND name = ?')
        .get(accountId, p.serverId, p.pid, p.creationTime, p.name);
      if (!seen) return null;
    }
    return { kind: 'process', name: p.name, hostname: display(s) };
  }
  const id = Number(targetId);
  switch (type) {
    case 'Server': {
      const s = server(id);
      return s ? { kind: 'server', ...s } : null;
    }
    case 'Server Tag': {
      const t = db
        .prepare<[number, number], { name: string; n: number }>(
          `SELECT t.name, (SELECT COUNT(*) FROM server_tag_members m JOIN servers s ON s.id = m.server_id AND s.deleted_at IS NULL
             WHERE m.account_id = t.account_id AND m.tag_id = t.id) AS n
           FROM server_tags t WHERE t.account_id = ? AND t.id = ?`,
        )
        .get(accountId, id);
      return t ? { kind: 'server tag', name: t.name, servers: t.n } : null;
    }
    case 'Log': {
      const l = db
        .prepare<[number, number], { source_type: string; source: string; hostname: string; nickname: string }>(
          `SELECT l.source_type, l.source, s.hostname, s.nickname FROM logs l JOIN servers s ON s.id = l.server_id
           WHERE l.account_id = ? AND l.id = ? AND s.deleted_at IS NULL`,
        )
        .get(accountId, id);
      return l ? { kind: 'log', sourceType: l.source_type, source: l.source, hostname: display(l) } : null;
    }
    case 'Polled Data': {
      const p = db
        .prepare<[number, number], { name: string; hostname: string; nickname: string }>(
          `SELECT p.name, s.hostname, s.nickname FROM polled_data p JOIN servers s ON s.id = p.server_id
           WHERE p.account_id = ? AND p.id = ? AND s.deleted_at IS NULL`,
        )
        .get(accountId, id);
      return p ? { kind: 'polled data', name: p.name, hostname: display(p) } : null;
    }
    case 'Application': {
      const a = db.prepare<[number, number], { name: string }>('SELECT name FROM applications WHERE account_id = ? AND id = ?').get(accountId, id);
      return a ? { kind: 'application', name: a.name } : null;
    }
  }
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}
