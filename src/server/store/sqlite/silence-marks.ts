import type { SilenceMark } from '../repos/alert-engine';
import { silencedEventData } from '../silence-rows';
import type { Db } from './db';

/**
 * Marks an incident silenced inside the caller's transaction: its history's flag, and one 'silenced'
 * incident event per silence that held its notifications back (a reminder held by the same silence
 * again adds none).
 */
export function silenceMarker(db: Db) {
  const flag = db.prepare('UPDATE alert_histories SET silenced = 1 WHERE account_id = ? AND id = ?');
  const event = db.prepare(`INSERT INTO incident_events (account_id, history_id, kind, user_id, data, at)
    SELECT @account, @history, 'silenced', NULL, @data, @at WHERE NOT EXISTS (
      SELECT 1 FROM incident_events WHERE account_id = @account AND history_id = @history AND kind = 'silenced'
        AND json_extract(data, '$.silence_id') = @silence)`);
  return (accountId: number, historyId: number, silence: SilenceMark | undefined, at: number): void => {
    if (!silence) return;
    flag.run(accountId, historyId);
    event.run({ account: accountId, history: historyId, data: silencedEventData(silence), at, silence: silence.id });
  };
}
