import type { FastifyInstance } from 'fastify';
import { bucketDataQuery, bucketDeleteByName, bucketListQuery, bucketPost, type Bucket, bucket, bucketPoint } from '../../shared/buckets';
import { itemPath } from '../../shared/paths';
import { linesToSamples } from '../../shared/statsd';
import { resolveWindow } from '../../shared/timeseries';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { BucketRecord } from '../store/repos/buckets';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';

export const toBucket = (r: BucketRecord): Bucket => ({ ...r, url: itemPath('buckets', r.id) });

/** The StatsD lines of POST /buckets/, a JSON list inside one field. */
const BUCKET_FIELDS: Record<string, JsonSchema> = {
  buckets: {
    type: 'string',
    description: 'JSON list of objects {"value": "<name>:<value>[|type[|@rate]]"}: name 1-256 characters, value non-empty; a bad line answers 400 naming its index and text',
    examples: ['[{"value":"api.hits:1|c"},{"value":"api.latency:20|ms"}]'],
  },
};

/** StatsD buckets: POST of lines, list, get, delete by id and by name, and per-minute data. */
export function bucketRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function bucketOr404(accountId: number, id: number | null) {
    const b = id === null ? null : await store.buckets.get(accountId, id);
    if (!b) throw notFound('bucket');
    return b;
  }

  route(app, {
    method: 'GET', path: '/buckets',
    tag: 'Buckets', summary: 'Paged list of StatsD buckets',
    params: bucketListQuery, response: bucket, paged: true,
  }, async (req) => {
    const q = parseInput(req, bucketListQuery);
    const page = await store.buckets.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toBucket) });
  });

  route(app, {
    method: 'POST', path: '/buckets',
    tag: 'Buckets', summary: 'Record StatsD lines <name>:<value>[|c|g|ms|h|s[|@rate]]; a line without a type is a counter; the first message fixes the type',
    params: bucketPost, fields: BUCKET_FIELDS, response: successAnswer,
  }, async (req) => {
    const { buckets } = parseInput(req, bucketPost);
    const t = now();
    await store.buckets.record(req.account.id, Math.floor(t / 60) * 60, linesToSamples(buckets), t);
    return { result: 'Success' };
  });

  route(app, {
    method: 'DELETE', path: '/buckets',
    tag: 'Buckets', summary: 'Delete a bucket by name',
    params: bucketDeleteByName, response: successAnswer,
  }, async (req) => {
    const { name } = parseInput(req, bucketDeleteByName);
    if (!(await store.buckets.deleteByName(req.account.id, name))) throw notFound('bucket');
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/buckets/:id',
    tag: 'Buckets', summary: 'One bucket',
    response: bucket,
  }, async (req) => toBucket(await bucketOr404(req.account.id, pathId(req))));

  route(app, {
    method: 'DELETE', path: '/buckets/:id',
    tag: 'Buckets', summary: 'Delete a bucket and its data',
    response: successAnswer,
  }, async (req) => {
    const b = await bucketOr404(req.account.id, pathId(req));
    if (!(await store.buckets.delete(req.account.id, b.id))) throw notFound('bucket');
    return { result: 'Success' };
  });

  route(app, {
    method: 'GET', path: '/buckets/:id/data',
    tag: 'Buckets', summary: 'Per-minute values (T: Minute; beyond the spec)',
    params: bucketDataQuery, response: bucketPoint, paged: true,
  }, async (req) => {
    const b = await bucketOr404(req.account.id, pathId(req));
    const q = parseInput(req, bucketDataQuery);
    const window = resolveWindow(q, await store.buckets.latest(req.account.id, b.id));
    const page = window ? await store.buckets.data(req.account.id, b, window, q) : { total: 0, items: [] };
    return envelope(req, q, page);
  });
}
