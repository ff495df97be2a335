import { type PolledConfigRow as Row, toPolledConfigRecord as toRecord } from '../common/polled-data-config';
import type { PolledDataConfigRepo } from '../repos/polled-data-config';
import type { Pg } from './db';

const COLUMNS = 'server_id, file_path, file_type, file_contents, frequency, updated';

/** Over the core table polled_data_configs, which the collector config endpoint also reads. */
export function pgPolledDataConfig(pg: Pg): PolledDataConfigRepo {
  return {
    async get(accountId, serverId) {
      if (!Number.isSafeInteger(serverId)) return null;
      const row = await pg.row<Row>(`SELECT ${COLUMNS} FROM polled_data_configs WHERE account_id = $1 AND server_id = $2`, [accountId, serverId]);
      return row ? toRecord(row) : null;
    },
    async put(accountId, serverId, input, now) {
      // One statement answers the row as stored (the upsert's RETURNING).
      const row = await pg.row<Row>(
        `INSERT INTO polled_data_configs (account_id, server_id, file_path, file_type, file_contents, frequency, updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (account_id, server_id) DO UPDATE SET file_path = excluded.file_path, file_type = excluded.file_type,
           file_contents = excluded.file_contents, frequency = excluded.frequency, updated = excluded.updated
         RETURNING ${COLUMNS}`,
        [accountId, serverId, input.filePath, input.fileType, input.fileContents, input.frequency, now],
      );
      return toRecord(row!);
    },
  };
}
