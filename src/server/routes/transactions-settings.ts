import type { FastifyInstance } from 'fastify';
import { TRANSACTION_LOG_TYPES } from '../../shared/logs';
import { transactionLogListQuery, transactionSettingsUpdate } from '../../shared/transactions';
import type { Deps } from '../deps';
import { toLogItem } from '../http/answers';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/input';
import { envelope } from '../http/paging';
import { changeTransactionSettings, getTransactionSettings } from '../services/transactions';

/** GET/PUT /transactions/ and the list of transaction logs. */
export function transactionSettingsRoutes(app: FastifyInstance, { store }: Deps) {
  app.get('/transactions', async (req) => getTransactionSettings(store, req.account.id));

  app.put('/transactions', async (req) => {
    const patch = parseInput(req, transactionSettingsUpdate);
    const r = await changeTransactionSettings(store, req.account.id, patch);
    if (!r.ok) throw badRequest(r.message, r.field);
    return r.settings;
  });

  app.get('/transactions/logs', async (req) => {
    const q = parseInput(req, transactionLogListQuery);
    const page = await store.logs.list(req.account.id, { types: TRANSACTION_LOG_TYPES }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toLogItem) });
  });
}
