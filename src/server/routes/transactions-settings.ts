import type { FastifyInstance } from 'fastify';
import { TRANSACTION_LOG_TYPES, logItem } from '../../shared/logs';
import { transactionLogListQuery, transactionSettingsUpdate, transactionSettings } from '../../shared/transactions';
import type { Deps } from '../deps';
import { toLogItem } from '../http/answers';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/input';
import { envelope } from '../http/paging';
import { changeTransactionSettings, getTransactionSettings } from '../services/transactions';
import { route } from '../http/route';

/** GET/PUT /transactions/ and the list of transaction logs. */
export function transactionSettingsRoutes(app: FastifyInstance, { store }: Deps) {
  route(app, {
    method: 'GET', path: '/transactions',
    tag: 'Transactions', summary: 'The transactions setting',
    response: transactionSettings,
  }, async (req) => getTransactionSettings(store, req.account.id));

  route(app, {
    method: 'PUT', path: '/transactions',
    tag: 'Transactions', summary: 'Change the setting: on creates AFURL/AFSQL logs on every server; enabled=false keeps them; off deletes them and their history',
    params: transactionSettingsUpdate, response: transactionSettings,
  }, async (req) => {
    const patch = parseInput(req, transactionSettingsUpdate);
    const r = await changeTransactionSettings(store, req.account.id, patch);
    if (!r.ok) throw badRequest(r.message, r.field);
    return r.settings;
  });

  route(app, {
    method: 'GET', path: '/transactions/logs',
    tag: 'Transactions', summary: 'Paged list of AFURL and AFSQL logs',
    params: transactionLogListQuery, response: logItem, paged: true,
  }, async (req) => {
    const q = parseInput(req, transactionLogListQuery);
    const page = await store.logs.list(req.account.id, { types: TRANSACTION_LOG_TYPES }, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toLogItem) });
  });
}
