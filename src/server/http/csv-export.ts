import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordsToCsv } from '../../shared/csv';
import { badRequest } from './errors';
import { rawInput } from './input';

/** How one endpoint answers as CSV: its file name and the columns every answer starts with. */
export interface CsvExport {
  /** The file name without `.csv`, from the path parameters (`server-12-data`). */
  file: (params: Record<string, string>) => string;
  /** Columns always present, in this order, so an empty answer still has its header row. */
  columns: readonly string[];
  /** Shapes one record before it is flattened (polled values become one column per value). */
  row?: (r: Record<string, unknown>) => Record<string, unknown>;
}

const PROCESS_COLUMNS = ['uid', 'pid', 'create_time', 'name', 'args', 'server_id'];
const SUMMARY_COLUMNS = ['uid', 'name', 'args', 'time'];

/** A polled record's `values` ({name: [name, {val} or {avg,...}, unit, limits?]}) as {name: number}. */
function polledRow(r: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const entries = r.values && typeof r.values === 'object' ? Object.entries(r.values as Record<string, unknown>) : [];
  for (const [name, e] of entries) {
    const v = Array.isArray(e) ? (e[1] as Record<string, unknown> | undefined) : undefined;
    values[name] = v ? (v.val ?? v.avg ?? null) : null;
  }
  return { time: r.time, status: r.status, text: r.text, values };
}

/**
 * Every endpoint that answers CSV, by route path (as registered under /api and /api/v5). One table,
 * so the OpenAPI document and the tests read the same list.
 */
export const CSV_EXPORTS: Record<string, CsvExport> = {
  '/servers': { file: () => 'servers', columns: ['id', 'hostname', 'nickname'] },
  '/servers/:id/data': { file: (p) => `server-${p.id}-data`, columns: ['id', 'time'] },
  '/servers/latest_data': { file: () => 'servers-latest-data', columns: ['server_id', 'id', 'time'] },
  '/servers/:id/processes': { file: (p) => `server-${p.id}-processes`, columns: PROCESS_COLUMNS },
  '/servers/:id/processes/data': { file: (p) => `server-${p.id}-process-summary`, columns: SUMMARY_COLUMNS },
  '/processes/:uid/data': { file: (p) => `process-${p.uid}-data`, columns: ['time'] },
  '/applications': { file: () => 'applications', columns: ['id', 'name'] },
  '/applications/:id/data': { file: (p) => `application-${p.id}-data`, columns: ['time'] },
  '/applications/:id/processes': { file: (p) => `application-${p.id}-processes`, columns: PROCESS_COLUMNS },
  '/applications/:id/processes/data': { file: (p) => `application-${p.id}-process-summary`, columns: SUMMARY_COLUMNS },
  '/polled-data': { file: () => 'polled-data', columns: ['id', 'name'] },
  '/polled_data': { file: () => 'polled-data', columns: ['id', 'name'] },
  '/polled-data/:id/data': { file: (p) => `polled-data-${p.id}-data`, columns: ['time', 'status', 'text'], row: polledRow },
  '/polled_data/:id/data': { file: (p) => `polled-data-${p.id}-data`, columns: ['time', 'status', 'text'], row: polledRow },
  '/buckets': { file: () => 'buckets', columns: ['id', 'name'] },
  '/buckets/:id/data': { file: (p) => `bucket-${p.id}-data`, columns: ['time', 'value', 'count'] },
  '/logs': { file: () => 'logs', columns: ['id', 'server_id', 'source_type', 'source'] },
  '/logs/:id/data': { file: (p) => `log-${p.id}-data`, columns: ['time', 'info', 'warning', 'critical'] },
  '/logs/:id/detail': { file: (p) => `log-${p.id}-messages`, columns: ['time', 'severity', 'data'] },
};

const pagedBody = z.object({
  pagination: z.object({ next: z.string().nullable() }).loose(),
  data: z.array(z.record(z.string(), z.unknown())),
});

/** The table entry of the request's route, or undefined for an endpoint without CSV. */
function exportOf(req: FastifyRequest): CsvExport | undefined {
  const url = req.routeOptions.url ?? '';
  return CSV_EXPORTS[url.replace(/^\/api(\/v5)?/, '').replace(/\/$/, '')];
}

/**
 * Whether the client asked for CSV: `format=csv` (or `format=json` to insist on JSON), else an Accept
 * header that prefers text/csv to application/json. Any other format value is a 400.
 */
export function wantsCsv(format: unknown, accept: string | undefined): boolean {
  if (Array.isArray(format)) throw badRequest('format must be given once', 'format');
  if (format !== undefined) {
    if (format !== 'csv' && format !== 'json') throw badRequest('format must be one of csv, json', 'format');
    return format === 'csv';
  }
  const q = (type: string) => {
    for (const part of (accept ?? '').split(',')) {
      const [media, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      if (media !== type) continue;
      const qv = params.find((p) => p.startsWith('q='));
      return qv ? Number(qv.slice(2)) || 0 : 1;
    }
    return 0;
  };
  return q('text/csv') > 0 && q('text/csv') >= q('application/json');
}

const asCsv = new WeakSet<FastifyRequest>();

/** A file name that is safe inside the quoted Content-Disposition parameter. */
const safeName = (name: string) => `${name.replace(/[^\w.-]/g, '_')}.csv`;

/**
 * Installs `format=csv` / `Accept: text/csv` on the endpoints of CSV_EXPORTS: the handler answers
 * JSON as always and this hook rewrites a successful paged answer as CSV, so no route has a second
 * code path. Errors stay JSON in the error shape. The next page, when there is one, is in `Link`.
 */
export function installCsvExport(api: FastifyInstance) {
  api.addHook('preHandler', async (req) => {
    if (!exportOf(req)) return;
    if (wantsCsv(rawInput(req).format, req.headers.accept)) asCsv.add(req);
  });
  api.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const spec = exportOf(req);
    if (!spec || !asCsv.has(req) || reply.statusCode >= 300) return payload;
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : null;
    if (text === null) return payload;
    const body = pagedBody.safeParse(JSON.parse(text));
    if (!body.success) return payload;
    const rows = spec.row ? body.data.data.map(spec.row) : body.data.data;
    const next = body.data.pagination.next;
    if (next) reply.header('Link', `<${next}>; rel="next"`);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${safeName(spec.file(req.params as Record<string, string>))}"`);
    return recordsToCsv(rows, spec.columns);
  });
}
