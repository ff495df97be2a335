import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationDataQuery,
  applicationDetailQuery,
  applicationListQuery,
  applicationProcessDataQuery,
  applicationProcessesQuery,
  type Application,
  type ApplicationDataRecord,
  application,
} from '../../shared/applications';
import { itemPath } from '../../shared/paths';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope, slice } from '../http/paging';
import {
  applicationDetail,
  applicationLatestMinute,
  applicationProcesses,
  applicationProcessSummary,
  applicationSeries,
} from '../services/application-data';
import type { ApplicationRecord } from '../store/repos/applications';
import { anyRecord, route } from '../http/route';

export const toApplication = (r: ApplicationRecord): Application => ({
  id: r.id,
  created: r.created,
  name: r.name,
  servers: r.servers,
  template: r.template,
  url: itemPath('applications', r.id),
});

/** The span one page of /applications/{id}/processes/ covers; longer spans continue through `next`. */
const HOUR = 3600;
/** Minute data is kept 30 days (see services/retention.ts); older hours hold no process lists to page. */
const MINUTE_DATA_KEPT = 30 * 86_400;

/** A record with its sums rounded to 3 decimals: adding averages leaves float noise (204.56599999999997). */
const rounded = (r: ApplicationDataRecord): ApplicationDataRecord => {
  const out: Record<string, number | undefined> = { ...r };
  for (const [k, v] of Object.entries(r)) if (typeof v === 'number') out[k] = Math.round(v * 1000) / 1000;
  return out as ApplicationDataRecord;
};

export function applicationRoutes(app: FastifyInstance, { store }: Deps) {
  async function appOr404(req: FastifyRequest) {
    const id = pathId(req);
    const a = id === null ? null : await store.applications.get(req.account.id, id);
    if (!a) throw notFound('application');
    return a;
  }

  route(app, {
    method: 'GET', path: '/applications',
    tag: 'Applications', summary: 'Paged list of applications',
    params: applicationListQuery, response: application, paged: true,
  }, async (req) => {
    const q = parseInput(req, applicationListQuery);
    const page = await store.applications.list(req.account.id, q);
    return envelope(req, q, { total: page.total, items: page.items.map(toApplication) });
  });

  route(app, {
    method: 'GET', path: '/applications/:id',
    tag: 'Applications', summary: 'One application',
    response: application,
  }, async (req) => toApplication(await appOr404(req)));

  route(app, {
    method: 'GET', path: '/applications/:id/data',
    tag: 'Applications', summary: 'Application data records (T)',
    params: applicationDataQuery, response: anyRecord, paged: true,
  }, async (req) => {
    const a = await appOr404(req);
    const q = parseInput(req, applicationDataQuery);
    return envelope(req, q, slice((await applicationSeries(store, req.account.id, a, q)).map(rounded), q));
  });

  route(app, {
    method: 'GET', path: '/applications/:id/processes/data',
    tag: 'Applications', summary: 'Process summary records of the application (T)',
    params: applicationProcessDataQuery, response: anyRecord, paged: true,
  }, async (req) => {
    const a = await appOr404(req);
    const q = parseInput(req, applicationProcessDataQuery);
    const rows = await applicationProcessSummary(store, req.account.id, a, q);
    return envelope(req, q, slice(rows.map((r) => r.rec), q));
  });

  route(app, {
    method: 'GET', path: '/applications/:id/detail',
    tag: 'Applications', summary: 'Files, threads and sockets at a minute (default latest)',
    params: applicationDetailQuery, response: anyRecord,
  }, async (req) => {
    const a = await appOr404(req);
    const q = parseInput(req, applicationDetailQuery);
    const d = await applicationDetail(store, req.account.id, a, q.time);
    return { pagination: { count: d.found ? 1 : 0, next: null, previous: null }, data: d.data };
  });

  // Without arguments: the processes running now. With num/start/end: those running in the window,
  // at most one hour per answer; a longer span continues from `next` (the following hour).
  route(app, {
    method: 'GET', path: '/applications/:id/processes',
    tag: 'Applications', summary: 'Processes of the application (1-hour span)',
    params: applicationProcessesQuery, response: anyRecord, paged: true,
  }, async (req) => {
    const a = await appOr404(req);
    const q = parseInput(req, applicationProcessesQuery);
    const raw = req.query as Record<string, unknown>;
    if (raw.num === undefined && q.start === undefined && q.end === undefined) {
      return envelope(req, q, slice(await applicationProcesses(store, req.account.id, a, null), q));
    }
    const latest = await applicationLatestMinute(store, req.account.id, a);
    if (latest === null) return envelope(req, q, { total: 0, items: [] });
    // The version-3 rule of T: start and num give end = start + 60 × num, and num minutes back from it.
    const v3 = q.start !== undefined && raw.num !== undefined;
    // Pages never run past the latest minute or before the minute data kept, so `next` ends.
    const end = Math.min(v3 ? q.start! + 60 * q.num : (q.end ?? latest), latest + 59);
    const back = end - (q.num - 1) * 60;
    const start = Math.max(q.start === undefined ? back : v3 ? Math.max(q.start, back) : q.start, end - MINUTE_DATA_KEPT);
    if (start > end) return envelope(req, q, { total: 0, items: [] });
    // A process sampled at minute m ran during [m, m + 60) (see processList): a page ends just before a
    // whole minute, so the next one starts on it and no minute is listed twice.
    const to = Math.min(end, Math.floor(start / 60) * 60 + HOUR - 1);
    const body = envelope(req, q, slice(await applicationProcesses(store, req.account.id, a, { start, end: to }), q));
    if (to < end && body.pagination.next === null) {
      const url = new URL(req.url, 'http://x');
      url.searchParams.set('start', String(to + 1));
      url.searchParams.set('end', String(end));
      url.searchParams.delete('num');
      url.searchParams.set('page', '0');
      body.pagination.next = `${itemPath('applications', a.id)}processes/?${url.searchParams.toString()}`;
    }
    return body;
  });
}
