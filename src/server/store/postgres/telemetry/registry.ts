import type { CollectorConfig, Registration } from '../../../../shared/ingest';
import { COLLECT_PERIOD } from '../../common/telemetry/registry';
import type { DefaultAlerts, GuidLookup, RegisterResult } from '../../repos/telemetry';
import { insertAlert } from '../alerts';
import { named, type Pg, type Sql } from '../db';

type ServerRow = { id: number; deleted_at: number | null };

// Read with every batch.
const BY_GUID = named('SELECT id, deleted_at FROM servers WHERE account_id = $1 AND guid = $2');

export async function lookupGuid(sql: Sql, accountId: number, guid: string): Promise<GuidLookup> {
  const row = await sql.row<ServerRow>(BY_GUID, [accountId, guid]);
  if (!row) return { kind: 'unknown' };
  return row.deleted_at === null ? { kind: 'ok', serverId: row.id } : { kind: 'gone' };
}

/**
 * Inserts or refreshes the server of (account, guid); a server deleted through the API stays gone.
 * Registrations of one guid are serialized by an advisory lock (SQLite: an immediate transaction).
 */
export function registerServer(pg: Pg, accountId: number, reg: Registration, ip: string, now: number, defaults?: DefaultAlerts): Promise<RegisterResult> {
  return pg.tx(async (tx): Promise<RegisterResult> => {
    await tx.exec('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [accountId, `fw_register:${reg.guid}`]);
    const found = await lookupGuid(tx, accountId, reg.guid);
    if (found.kind === 'gone') return found;
    const fields = [
      reg.hostname, reg.os, reg.os_detail, reg.arch, reg.capacity_mem, reg.capacity_cpu_num, reg.capacity_cpu_freq,
      JSON.stringify(reg.capacity_disks), reg.current_version, ip, JSON.stringify(reg.network_interfaces),
    ];
    if (found.kind === 'ok') {
      await tx.exec(
        `UPDATE servers SET hostname = $1, os = $2, os_detail = $3, arch = $4, capacity_mem = $5, capacity_cpu_num = $6,
           capacity_cpu_freq = $7, capacity_disks = $8, current_version = $9, location_ip = $10, network_interfaces = $11
         WHERE account_id = $12 AND id = $13`,
        [...fields, accountId, found.serverId],
      );
      return { kind: 'ok', serverId: found.serverId, created: false };
    }
    const r = await tx.row<{ id: number }>(
      `INSERT INTO servers (hostname, os, os_detail, arch, capacity_mem, capacity_cpu_num, capacity_cpu_freq,
         capacity_disks, current_version, location_ip, network_interfaces, account_id, guid, created)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [...fields, accountId, reg.guid, now],
    );
    const serverId = r!.id;
    const owner = defaults && (await tx.row<{ id: number }>('SELECT id FROM users WHERE account_id = $1 AND is_account_owner ORDER BY id LIMIT 1', [accountId]));
    if (defaults && owner) {
      for (const values of defaults({ id: serverId, hostname: reg.hostname, os: reg.os }, owner.id)) await insertAlert(tx, accountId, values, now);
    }
    return { kind: 'ok', serverId, created: true };
  });
}

/** What the collector of a server must collect now: its logs, polled-data config and transaction flags. */
export async function collectorConfigOf(sql: Sql, accountId: number, serverId: number): Promise<CollectorConfig> {
  const logs = await sql.rows<CollectorConfig['logs'][number]>(
    'SELECT id, source_type, source, "limit" AS "limit" FROM logs WHERE account_id = $1 AND server_id = $2 ORDER BY id',
    [accountId, serverId],
  );
  const polled = await sql.row<NonNullable<CollectorConfig['polled_data']>>(
    'SELECT file_path, file_type, file_contents, frequency FROM polled_data_configs WHERE account_id = $1 AND server_id = $2',
    [accountId, serverId],
  );
  const acc = await sql.row<{ on: boolean; enabled: boolean }>('SELECT transactions_on AS "on", transactions_enabled AS enabled FROM accounts WHERE id = $1', [accountId]);
  return {
    server_id: serverId,
    collect_period: COLLECT_PERIOD,
    logs,
    polled_data: polled ?? null,
    transactions: { on: acc?.on === true, enabled: acc?.enabled === true },
  };
}
