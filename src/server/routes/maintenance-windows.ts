import type { FastifyInstance } from 'fastify';
import { nextOccurrences, occurrencesBetween } from '../../shared/maintenance-occurrences';
import {
  maintenanceOccurrenceQuery,
  maintenanceWindowInput,
  maintenanceWindowListQuery,
  type MaintenanceWindow,
  type MaintenanceWindowWritten,
  maintenanceOccurrence,
  maintenanceWindow,
  maintenanceWindowWritten,
} from '../../shared/maintenance-windows';
import { itemPath } from '../../shared/paths';
import { epochToWall } from '../../shared/time-zones';
import { formatUtcSeconds } from '../../shared/utc-time';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import type { MaintenanceWindowRecord } from '../store/repos/maintenance-windows';
import { route, successAnswer } from '../http/route';
import type { JsonSchema } from '../http/openapi-operation';

/**
 * A window as lists and GET answer it; started/ended from the service clock. A recurring window has
 * started once its first occurrence began, and ended once no occurrence is left to run.
 */
export const toMaintenanceWindow = (r: MaintenanceWindowRecord, now: number): MaintenanceWindow => ({
  id: r.id,
  start: r.start,
  end: r.end,
  started: now >= r.start,
  ended: r.rrule ? now >= r.start && nextOccurrences(r, now, 1).length === 0 : now >= (r.end ?? Infinity),
  reason: r.reason,
  servers: r.servers,
  url: itemPath('maintenance_windows', r.id),
  rrule: r.rrule,
  duration: r.duration,
  time_zone: r.timeZone,
  server_tags: r.serverTags,
  server_sets: r.serverSets,
});

/** Create and update answer the times as text (spec: Maintenance window), in the window's zone. */
const toWritten = (r: MaintenanceWindowRecord, now: number): MaintenanceWindowWritten => {
  const text = (t: number) => formatUtcSeconds(epochToWall(t, r.timeZone));
  return { ...toMaintenanceWindow(r, now), start: text(r.start), end: r.end === null ? null : text(r.end) };
};

const MINUTE_TEXT: JsonSchema = { anyOf: [{ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$' }, { type: 'integer', minimum: 0 }] };

/** Create and update: times read in the window's zone, and the recurrence extensions. */
const MAINTENANCE_FIELDS: Record<string, JsonSchema> = {
  start: {
    ...MINUTE_TEXT,
    description: 'Required. `yyyy-mm-dd hh:mm`, the wall time in time_zone (UTC unless given), or epoch seconds. A recurring window: its first occurrence.',
  },
  end: {
    ...MINUTE_TEXT,
    description: 'As start; required and after start for a one-off window. A recurring window: the optional until (occurrences start before it).',
  },
  servers: { description: 'Server ids (JSON list). Required unless server_tags or server_sets list ids.' },
  server_tags: { description: 'Extension: server tag ids; their servers are resolved whenever the window applies, so a server tagged later is covered.' },
  server_sets: { description: 'Extension: server set ids, resolved like server_tags.' },
  rrule: { description: 'Extension: an RFC 5545 RRULE (FREQ HOURLY to YEARLY, INTERVAL, COUNT, UNTIL, BY... parts), e.g. FREQ=WEEKLY;BYDAY=SU; it runs on wall times in time_zone from start.' },
  duration: { description: 'Extension: minutes each occurrence lasts; required with rrule and only taken with it.' },
  time_zone: { description: 'Extension: an IANA zone (e.g. Europe/Berlin) for the text times and the rule; default UTC. Create and update answer the times in it.' },
};

export function maintenanceWindowRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function parseWindow(req: Parameters<typeof parseInput>[0]) {
    const input = parseInput(req, maintenanceWindowInput);
    const accountId = req.account.id;
    const missing = await store.servers.missing(accountId, input.servers);
    if (missing.length) throw badRequest(`servers: no server with id ${missing.join(', ')}`, 'servers');
    const tags = await store.serverTags.missing(accountId, input.serverTags);
    if (tags.length) throw badRequest(`server_tags: no server tag with id ${tags.join(', ')}`, 'server_tags');
    const sets = await Promise.all([...new Set(input.serverSets)].map(async (id) => ((await store.serverSets.get(accountId, id)) ? null : id)));
    const noSet = sets.filter((id) => id !== null);
    if (noSet.length) throw badRequest(`server_sets: no server set with id ${noSet.join(', ')}`, 'server_sets');
    return input;
  }
  async function windowOr404(accountId: number, id: number | null) {
    const w = id === null ? null : await store.maintenanceWindows.get(accountId, id);
    if (!w) throw notFound('maintenance window');
    return w;
  }

  route(app, {
    method: 'GET', path: '/maintenance_windows',
    tag: 'Maintenance windows', summary: 'Paged list of maintenance windows',
    params: maintenanceWindowListQuery, response: maintenanceWindow, paged: true,
  }, async (req) => {
    const q = parseInput(req, maintenanceWindowListQuery);
    const page = await store.maintenanceWindows.list(req.account.id, q);
    const t = now();
    return envelope(req, q, { total: page.total, items: page.items.map((w) => toMaintenanceWindow(w, t)) });
  });

  route(app, {
    method: 'POST', path: '/maintenance_windows',
    tag: 'Maintenance windows', summary: 'Create',
    params: maintenanceWindowInput, fields: MAINTENANCE_FIELDS, response: maintenanceWindowWritten, status: 201,
  }, async (req, reply) => {
    const input = await parseWindow(req);
    const w = await store.maintenanceWindows.create(req.account.id, input);
    reply.status(201);
    return toWritten(w, now());
  });

  route(app, {
    method: 'GET', path: '/maintenance_windows/:id',
    tag: 'Maintenance windows', summary: 'One item',
    response: maintenanceWindow,
  }, async (req) => toMaintenanceWindow(await windowOr404(req.account.id, pathId(req)), now()));

  // Extension (issue 12): the occurrences of a window overlapping [start, end), oldest first.
  route(app, {
    method: 'GET', path: '/maintenance_windows/:id/occurrences',
    tag: 'Maintenance windows', summary: 'Occurrences of the window overlapping [start, end) (epoch seconds, at most 366 days apart), oldest first (extension)',
    description: "A one-off window has one occurrence, itself. Another account's window answers 404.",
    params: maintenanceOccurrenceQuery, response: maintenanceOccurrence, paged: true,
  }, async (req) => {
    const w = await windowOr404(req.account.id, pathId(req));
    const q = parseInput(req, maintenanceOccurrenceQuery);
    const all = occurrencesBetween(w, q.start, q.end);
    return envelope(req, q, { total: all.length, items: all.slice(q.page * q.limit, (q.page + 1) * q.limit) });
  });

  route(app, {
    method: 'PUT', path: '/maintenance_windows/:id',
    tag: 'Maintenance windows', summary: 'Update',
    description: 'Takes the same parameters as create and replaces the window: an omitted reason becomes empty.',
    params: maintenanceWindowInput, fields: MAINTENANCE_FIELDS, response: maintenanceWindowWritten,
  }, async (req) => {
    const w = await windowOr404(req.account.id, pathId(req));
    const input = await parseWindow(req);
    const updated = await store.maintenanceWindows.update(req.account.id, w.id, input);
    if (!updated) throw notFound('maintenance window');
    return toWritten(updated, now());
  });

  route(app, {
    method: 'DELETE', path: '/maintenance_windows/:id',
    tag: 'Maintenance windows', summary: 'Delete',
    response: successAnswer,
  }, async (req) => {
    const w = await windowOr404(req.account.id, pathId(req));
    await store.maintenanceWindows.delete(req.account.id, w.id);
    return { result: 'Success' };
  });
}
