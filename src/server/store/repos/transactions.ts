/** The account's two transaction flags. */
export interface TransactionFlags {
  on: boolean;
  enabled: boolean;
}

/** AFURL and AFSQL source paths of the log sources created per server. */
export type TransactionSources = { AFURL: string; AFSQL: string };

export interface TransactionSettingsRepo {
  get(accountId: number): Promise<TransactionFlags>;
  /**
   * Stores the flags and, in the same transaction, creates the AFURL/AFSQL logs of every live server
   * that lacks them (`createLogs`) or deletes every AFURL/AFSQL log with its stored messages (`deleteLogs`).
   */
  apply(accountId: number, flags: TransactionFlags, effect: { createLogs?: TransactionSources; deleteLogs?: boolean }): Promise<void>;
  /** Creates the server's AFURL/AFSQL logs if transactions are on and they are missing; true if any was created. */
  ensureServerLogs(accountId: number, serverId: number, sources: TransactionSources): Promise<boolean>;
}
