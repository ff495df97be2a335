import { toPolledConfigRecord, type PolledConfigRow } from '../common/polled-data-config';
import type { PolledDataConfigRepo } from '../repos/polled-data-config';
import type { Db } from './db';

/** Over the core table polled_data_configs, which the collector config endpoint also reads. */
export function sqlitePolledDataConfig(db: Db): PolledDataConfigRepo {
  const byServer = db.prepare<[number, number], PolledConfigRow>(
    `SELECT server_id, file_path, file_type, file_contents, frequency, updated FROM polled_data_configs
     WHERE account_id = ? AND server_id = ?`,
  );
  const upsert = db.prepare(
    `INSERT INTO polled_data_configs (account_id, server_id, file_path, file_type, file_contents, frequency, updated)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, server_id) DO UPDATE SET file_path = excluded.file_path, file_type = excluded.file_type,
       file_contents = excluded.file_contents, frequency = excluded.frequency, updated = excluded.updated`,
  );
  return {
    async get(accountId, serverId) {
      const row = byServer.get(accountId, serverId);
      return row ? toPolledConfigRecord(row) : null;
    },
    async put(accountId, serverId, input, now) {
      upsert.run(accountId, serverId, input.filePath, input.fileType, input.fileContents, input.frequency, now);
      return toPolledConfigRecord(byServer.get(accountId, serverId)!);
    },
  };
}
