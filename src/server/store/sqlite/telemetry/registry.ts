import type { CollectorConfig, Registration } from '../../../../shared/ingest';
import { COLLECT_PERIOD } from '../../common/telemetry/registry';
import type { DefaultAlerts, GuidLookup, RegisterResult } from '../../repos/telemetry';
import { alertInserter } from '../alerts';
import type { Db } from '../db';
import { stmt } from './statements';

type ServerRow = { id: number; deleted_at: number | null };

export function lookupGuid(db: Db, accountId: number, guid: string): GuidLookup {
  const row = stmt<unknown[], ServerRow>(db, 'SELECT id, deleted_at FROM servers WHERE account_id = ? AND guid = ?').get(accountId, guid);
  if (!row) return { kind: 'unknown' };
  return row.deleted_at === null ? { kind: 'ok', serverId: row.id } : { kind: 'gone' };
}

/** Inserts or refreshes the server of (account, guid); a server deleted through the API stays gone. */
export function registerServer(db: Db, accountId: number, reg: Registration, ip: string, now: number, defaults?: DefaultAlerts): RegisterResult {
  return db
    .transaction((): RegisterResult => {
      const found = lookupGuid(db, accountId, reg.guid);
      if (found.kind === 'gone') return found;
      const fields = [
        reg.hostname,
        reg.os,
        reg.os_detail,
        reg.arch,
        reg.capacity_mem,
        reg.capacity_cpu_num,
        reg.capacity_cpu_freq,
        JSON.stringify(reg.capacity_disks),
        reg.current_version,
        ip,
        JSON.stringify(reg.network_interfaces),
      ];
      if (found.kind === 'ok') {
        stmt(
          db,
          `UPDATE servers SET hostname = ?, os = ?, os_detail = ?, arch = ?, capacity_mem = ?, capacity_cpu_num = ?,
             capacity_cpu_freq = ?, capacity_disks = ?, current_version = ?, location_ip = ?, network_interfaces = ?
           WHERE account_id = ? AND id = ?`,
        ).run(...fields, accountId, found.serverId);
        return { kind: 'ok', serverId: found.serverId, created: false };
      }
      const r = stmt(
        db,
        `INSERT INTO servers (hostname, os, os_detail, arch, capacity_mem, capacity_cpu_num, capacity_cpu_freq,
           capacity_disks, current_version, location_ip, network_interfaces, account_id, guid, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(...fields, accountId, reg.guid, now);
      const serverId = Number(r.lastInsertRowid);
      const owner = defaults && stmt<unknown[], { id: number }>(db, 'SELECT id FROM users WHERE account_id = ? AND is_account_owner = 1').get(accountId);
      if (defaults && owner) {
        const insert = alertInserter(db);
        for (const values of defaults({ id: serverId, hostname: reg.hostname, os: reg.os }, owner.id)) insert(accountId, values, now);
      }
      return { kind: 'ok', serverId, created: true };
    })
    .immediate();
}

/** What the collector of a server must collect now: its logs, polled-data config and transaction flags. */
export function collectorConfigOf(db: Db, accountId: number, serverId: number): CollectorConfig {
  const logs = stmt<unknown[], CollectorConfig['logs'][number]>(
    db,
    'SELECT id, source_type, source, "limit" AS "limit" FROM logs WHERE account_id = ? AND server_id = ? ORDER BY id',
  ).all(accountId, serverId);
  const polled = stmt<unknown[], NonNullable<CollectorConfig['polled_data']>>(
    db,
    'SELECT file_path, file_type, file_contents, frequency FROM polled_data_configs WHERE account_id = ? AND server_id = ?',
  ).get(accountId, serverId);
  const acc = stmt<unknown[], { on: number; enabled: number }>(
    db,
    'SELECT transactions_on AS "on", transactions_enabled AS enabled FROM accounts WHERE id = ?',
  ).get(accountId);
  return {
    server_id: serverId,
    collect_period: COLLECT_PERIOD,
    logs,
    polled_data: polled ?? null,
    transactions: { on: acc?.on === 1, enabled: acc?.enabled === 1 },
  };
}
