import type { SilenceMark } from '../repos/alert-engine';
import { silencedEventData } from '../silence-rows';
import type { Sql } from './db';

/**
 * Marks an incident silenced with `sql` (the evaluation's transaction): its history's flag, and one
 * 'silenced' incident event per silence that held its notifications back (a reminder held by the same
 * silence again adds none).
 */
export async function markSilenced(sql: Sql, accountId: number, historyId: number, silence: SilenceMark | undefined, at: number): Promise<void> {
  if (!silence) return;
  await sql.exec('UPDATE alert_histories SET silenced = true WHERE account_id = $1 AND id = $2', [accountId, historyId]);
  await sql.exec(
    `INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at)
     SELECT $1, $2, 'silenced', NULL, $3::jsonb, $4 WHERE NOT EXISTS (
       SELECT 1 FROM incident_events WHERE account_id = $1 AND history_id = $2 AND kind = 'silenced' AND data->>'silence_id' = $5::text)`,
    [accountId, historyId, silencedEventData(silence), at, silence.id],
  );
}
