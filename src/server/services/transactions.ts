import { TRANSACTION_LOG_SOURCES, type TransactionSettings, type TransactionSettingsUpdate } from '../../shared/transactions';
import type { TransactionFlags } from '../store/repos/transactions';
import type { Store } from '../store/store';

const toSettings = (f: TransactionFlags): TransactionSettings => ({ transactions_enabled: f.enabled, transactions_on: f.on });

/** The account's transactions setting. */
export async function getTransactionSettings(store: Store, accountId: number): Promise<TransactionSettings> {
  return toSettings(await store.transactions.get(accountId));
}

export type SettingsChange = { ok: true; settings: TransactionSettings } | { ok: false; field: string; message: string };

/**
 * Applies the spec's transitions: on creates the AFURL and AFSQL log sources of every server;
 * enabled=false while on pauses capture and keeps the logs with their history; off deletes those
 * logs and their history. Enabled is never true while off.
 */
export async function changeTransactionSettings(store: Store, accountId: number, patch: TransactionSettingsUpdate): Promise<SettingsChange> {
  const cur = await store.transactions.get(accountId);
  const on = patch.transactions_on ?? cur.on;
  if (!on && patch.transactions_enabled === true) {
    return { ok: false, field: 'transactions_enabled', message: 'transactions_enabled can be true only while transactions_on is true' };
  }
  const turningOn = on && !cur.on;
  const enabled = on ? (patch.transactions_enabled ?? (turningOn ? true : cur.enabled)) : false;
  // Creating while already on is idempotent and restores sources a server may lack.
  await store.transactions.apply(accountId, { on, enabled }, on ? { createLogs: TRANSACTION_LOG_SOURCES } : { deleteLogs: cur.on });
  return { ok: true, settings: toSettings({ on, enabled }) };
}

/**
 * Gives a server its AFURL and AFSQL log sources when the account has transactions on (idempotent).
 * The ingest side calls it when a server registers.
 */
export async function ensureTransactionLogs(store: Store, accountId: number, serverId: number): Promise<void> {
  await store.transactions.ensureServerLogs(accountId, serverId, TRANSACTION_LOG_SOURCES);
}
