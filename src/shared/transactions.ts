import { z } from 'zod';
import { boolParam } from './params';
import { pagingQuery } from './paging';

/**
 * The log sources created on every server while transactions are on. The collector writes what it
 * captures there; the path is ours (the spec only says "log sources for url and sql capture").
 */
export const TRANSACTION_LOG_SOURCES = {
  AFURL: '/var/log/transactions/url.log',
  AFSQL: '/var/log/transactions/sql.log',
} as const;

/** The transactions setting (spec: Transactions setting). enabled is only ever true while on. */
export const transactionSettings = z.object({
  transactions_enabled: z.boolean(),
  transactions_on: z.boolean(),
});
export type TransactionSettings = z.infer<typeof transactionSettings>;

/**
 * PUT /transactions/: either flag or both; an omitted flag keeps its value, except that turning
 * transactions on also enables them unless transactions_enabled=false is sent with it.
 */
export const transactionSettingsUpdate = z
  .object({
    transactions_enabled: boolParam('transactions_enabled').optional(),
    transactions_on: boolParam('transactions_on').optional(),
  })
  .refine((v) => v.transactions_enabled !== undefined || v.transactions_on !== undefined, {
    error: 'transactions_on or transactions_enabled must be given',
  });
export type TransactionSettingsUpdate = z.infer<typeof transactionSettingsUpdate>;

/** GET /transactions/logs/: P. */
export const transactionLogListQuery = pagingQuery;
