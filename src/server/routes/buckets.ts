import type { FastifyInstance } from 'fastify';
import { bucketDataQuery, bucketDeleteByName, bucketListQuery, bucketPost, type Bucket } from '../../shared/buckets';
import { itemPath } from '../../shared/paths';
import { linesToSamples } from '../../shared/statsd';
import { resolveWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { BucketRecord } from '../store/repos/buckets';

export const toBucket = (r: BucketRecord): Bucket => ({ ...r, url: itemPath('buckets', r.id) });

/** StatsD buckets: POST of lines, list, get, delete by id and by name, and per-minute data. */
export function bucketRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function bucketOr404(accountId: number, id: number | null) {
    const b = id === null ? null : await store.buckets.get(accountId, id);
    if (!b) throw notFound('bucket');
    return b;
  }

  app.get('/buckets', async (req) => {
    const q = parseInput(req, bucketListQuery);
    const page = await store.buckets.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toBucket) });
  });

  app.post('/buckets', async (req) => {
    const { buckets } = parseInput(req, bucketPost);
    const t = now();
    await store.buckets.record(req.account.id, Math.floor(t / 60) * 60, linesToSamples(buckets), t);
    return { result: 'Success' };
  });

  app.delete('/buckets', async (req) => {
    const { name } = parseInput(req, bucketDeleteByName);
    if (!(await store.buckets.deleteByName(req.account.id, name))) throw notFound('bucket');
    return { result: 'Success' };
  });

  app.get('/buckets/:id', async (req) => toBucket(await bucketOr404(req.account.id, pathId(req))));

  app.delete('/buckets/:id', async (req) => {
    const b = await bucketOr404(req.account.id, pathId(req));
    if (!(await store.buckets.delete(req.account.id, b.id))) throw notFound('bucket');
    return { result: 'Success' };
  });

  app.get('/buckets/:id/data', async (req) => {
    const b = await bucketOr404(req.account.id, pathId(req));
    const q = parseInput(req, bucketDataQuery);
    const window = resolveWindow(q, await store.buckets.latest(req.account.id, b.id));
    const page = window ? await store.buckets.data(req.account.id, b, window, q) : { total: 0, items: [] };
    return envelope(req, q, page);
  });
}
