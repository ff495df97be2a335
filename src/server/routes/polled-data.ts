import type { FastifyInstance } from 'fastify';
import { pagingQuery } from '../../shared/paging';
import { itemPath } from '../../shared/paths';
import { polledDataQuery, type PolledDataItem, polledDataItem, polledDataRecord } from '../../shared/polled-data';
import { resolveWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { PolledItemRecord } from '../store/repos/polled-data';
import { toMinuteRecord } from '../services/polled-values';
import { route } from '../http/route';

/** Items are addressed `/api/v5/polled_data/<id>/` (spec: Versioning). */
export const toPolledItem = (r: PolledItemRecord): PolledDataItem => ({ ...r, url: itemPath('polled_data', r.id) });

/** GET /polled-data/ (P), /polled-data/{id}/ and /polled-data/{id}/data/ (T, Minute only). */
export function polledDataRoutes(app: FastifyInstance, { store }: Deps) {
  async function itemOr404(accountId: number, id: number | null) {
    const item = id === null ? null : await store.polledData.get(accountId, id);
    if (!item) throw notFound('polled data item');
    return item;
  }

  // The spec's paths say polled-data, its item urls polled_data: both answer.
  for (const base of ['/polled-data', '/polled_data']) register(base);

  function register(base: string) {
    // The two spellings would make the same operationId: the item urls' one is named apart.
    const id = (name: string) => (base === '/polled_data' ? { operationId: `${name}ItemPath` } : {});
    route(app, {
      method: 'GET', path: base, ...id('getPolledData'),
      tag: 'Polled data', summary: 'Paged list of polled-data items',
      params: pagingQuery, response: polledDataItem, paged: true,
    }, async (req) => {
      const q = parseInput(req, pagingQuery);
      const page = await store.polledData.list(req.account.id, q);
      return envelope(req, q, { total: page.total, items: page.items.map(toPolledItem) });
    });

    route(app, {
      method: 'GET', path: `${base}/:id`, ...id('getPolledDataId'),
      tag: 'Polled data', summary: 'One polled-data item',
      response: polledDataItem,
    }, async (req) => toPolledItem(await itemOr404(req.account.id, pathId(req))));

    route(app, {
      method: 'GET', path: `${base}/:id/data`, ...id('getPolledDataIdData'),
      tag: 'Polled data', summary: 'Polled-data records (T: Minute)',
      params: polledDataQuery, response: polledDataRecord, paged: true,
    }, async (req) => {
      const item = await itemOr404(req.account.id, pathId(req));
      const q = parseInput(req, polledDataQuery);
      const latest = q.end === undefined ? await store.polledData.latestMinute(req.account.id, item.id) : null;
      const w = resolveWindow(q, latest);
      const page = w ? await store.polledData.data(req.account.id, item.id, w, q) : { total: 0, items: [] };
      return envelope(req, q, { total: page.total, items: page.items.map(toMinuteRecord) });
    });
  }
}
