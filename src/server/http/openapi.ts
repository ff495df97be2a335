import { z } from 'zod';
import { errorBody } from '../../shared/errors';
import { pagedSchema } from '../../shared/paging';
import { API_PREFIX } from '../../shared/paths';
import { CSV_EXPORTS } from './csv-export';
import type { JsonSchema, Operation } from './openapi-operation';
import { peerOperationObject, peerPath } from './openapi-peer';

/** JSON Schema of what a zod schema produces; parts JSON Schema cannot say (transforms) become `{}`. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });
    return rest;
  } catch {
    return {};
  }
}

/** The fields of an object schema, looking through refinements, transforms and preprocessing. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>;
    const def = (s as { def?: { type?: string; in?: unknown; out?: unknown } }).def;
    if (def?.type !== 'pipe') return null;
    // A preprocess is a pipe whose input is a transform; its shape is on the output side.
    s = def.in instanceof z.ZodTransform ? def.out : def.in;
  }
  return null;
}

/** Parameters as a client sends them: a field is required unless it may be left out. */
function fields(schema: z.ZodType, extra: Record<string, JsonSchema> = {}): { name: string; required: boolean; schema: JsonSchema }[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  return Object.entries(shape).map(([name, f]) => ({ name, required: !f.safeParse(undefined).success, schema: { ...jsonSchema(f), ...extra[name] } }));
}

/** The `format` parameter of the endpoints that answer CSV (http/csv-export.ts). */
const CSV_FORMAT_PARAM = {
  name: 'format',
  in: 'query',
  required: false,
  schema: { type: 'string', enum: ['json', 'csv'], default: 'json' },
  description: 'csv answers the page as CSV (also for Accept: text/csv); errors stay JSON.',
};
const CSV_CONTENT = {
  'text/csv': {
    schema: { type: 'string' },
    description:
      'RFC 4180, a header row then one row per item of data; per-part fields become one column each (disk_percent_part./var). Content-Disposition: attachment. Text cells starting with = + - @ (tab, CR) get a leading \'. The next page is in Link: <path>; rel="next".',
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

function operationObject(op: Operation) {
  const pathParams = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1]!,
    in: 'path',
    required: true,
    schema: m[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
  }));
  const params = op.params ? fields(op.params, op.fields) : [];
  const inBody = op.method === 'POST' || op.method === 'PUT';
  const csv = op.method === 'GET' && CSV_EXPORTS[op.path] !== undefined;
  const parameters = [
    ...pathParams,
    ...(inBody ? [] : params.map((p) => ({ name: p.name, in: 'query', required: p.required, schema: p.schema }))),
    ...(csv ? [CSV_FORMAT_PARAM] : []),
  ];
  const bodySchema = op.params && objectShape(op.params) === null ? jsonSchema(op.params) : {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  const body = op.response ? (op.paged ? jsonSchema(pagedSchema(op.response)) : jsonSchema(op.response)) : undefined;
  const responses: Record<string, unknown> = {
    [String(op.status ?? 200)]: {
      description: 'Success',
      ...(op.html ? { content: { 'text/html': { schema: { type: 'string' } } } } : body ? { content: { 'application/json': { schema: body }, ...(csv ? CSV_CONTENT : {}) } } : {}),
    },
    '400': errorResponse('A parameter breaks a rule; `field` names it'),
  };
  if (!op.public) responses['401'] = errorResponse('Missing or wrong credentials');
  if (!op.public && op.method !== 'GET') responses['403'] = errorResponse('Your role may not do this (see http/access.ts), or a missing X-CSRF-Token under a session');
  if (pathParams.length || /^\/collector\//.test(op.path) || op.method === 'DELETE') {
    responses['404'] = errorResponse('No such item in this account');
  }
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: op.operationId ?? `${op.method.toLowerCase()}${op.path.replace(/[:/_-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    ...(op.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(inBody && op.params
      ? {
          requestBody: {
            required: true,
            content: op.jsonOnly
              ? { 'application/json': { schema: bodySchema } }
              : { 'application/x-www-form-urlencoded': { schema: bodySchema }, 'application/json': { schema: bodySchema } },
          },
        }
      : {}),
    responses,
  };
}

/** `/logs/:id` as OpenAPI writes it under the versioned prefix: `/api/v5/logs/{id}/`. */
export const openApiPath = (path: string) => `${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}${path.endsWith('.json') ? '' : '/'}`;

const MAINTENANCE_RULE =
  'An alert whose servers are inside a running maintenance window does not trigger or notify (reminders included) while the window runs; ' +
  'an incident already open still resolves when its condition clears. Server Tag alerts leave the servers in a window out of num_of_servers. ' +
  "A window applies to data by the data's own minute (a backfilled minute inside a past window is suppressed); Server Down by the clock.";

const SILENCE_RULE =
  'While a silence matches an incident (when it starts, on each reminder and when it resolves), its e-mails, SMS and pushes are recorded ' +
  "in the outbox with state 'silenced' and never sent, the history is marked silenced and its timeline gets a 'silenced' event; " +
  'callbacks still go, with silenced=true added to their data. A silence matches when every matcher given matches: the alert among alerts, ' +
  'its name containing alert_name, and every server of the incident among servers, tagged with one of server_tags and in one of server_sets. ' +
  'At least one matcher is required. It holds for start <= now < end by the service clock; state is pending, active or expired, and expired ' +
  'silences stay listed. Maintenance windows keep their own rules.';

/** Descriptions of the OpenAPI tags: rules of a resource that no single operation states. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Alerts: `Alerts are evaluated on each minute of ingested data. ${MAINTENANCE_RULE} Registry Accessed applies to Windows collectors; ours report no registry access.`,
  'Maintenance windows': MAINTENANCE_RULE,
  Silences: SILENCE_RULE,
};

/**
 * The OpenAPI 3.1 document of the operations the routes declared (http/route.ts), built from the
 * shared zod schemas they parse with; paths come in the order the routes were registered.
 */
export function buildOpenApi(operations: readonly Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    if (op.peer) {
      (paths[peerPath(op.path)] ??= {})[op.method.toLowerCase()] = peerOperationObject(op);
      continue;
    }
    const p = (paths[openApiPath(op.path)] ??= {});
    p[op.method.toLowerCase()] = operationObject(op);
    // PATCH is accepted wherever PUT is, with the same partial-update rules (an extension of the spec).
    if (op.method === 'PUT') p.patch = { ...operationObject(op), operationId: operationObject(op).operationId.replace(/^put/, 'patch') };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Infrastructure monitoring API',
      version: '5',
      description: [
        'Every path also answers without the version (/api/... as well as /api/v5/...) and with or without the trailing slash.',
        "Paths outside /api/v5 (/api/v1/..., /api/v2/alerts, /v1/..., /metrics) are other tools' own protocols (Prometheus remote write and query API, Alertmanager, OTLP/HTTP, Prometheus exposition): their bodies and answers are those protocols', listed here by media type.",
        'Parameters are url-encoded form fields (the query string for GET and DELETE); list parameters are JSON text inside one field. A JSON object body is accepted as well.',
        'Paged lists take limit (1-2500, default 2500) and page (0-based) and answer {pagination: {count, next, previous}, data}.',
        'Time series take num, start, end (epoch seconds) and time_step; points are most recent first.',
        'Errors answer {"error": {"status", "message", "field"}}. Another account\'s id answers 404 exactly like a missing one.',
        'The collector protocol (/collector/...) is ours: register a server by guid, pull its configuration each minute, upload one batch per minute (gzip accepted; a replayed batch_id stores nothing).',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    security: [{ basic: [] }, { session: [] }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    paths,
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: "User: the account e-mail or a user profile's e-mail; password: that account's or user's API key." },
        session: { type: 'apiKey', in: 'cookie', name: 'fw_session', description: 'The dashboard session of POST /session/; writes also send X-CSRF-Token.' },
        ingestToken: { type: 'http', scheme: 'bearer', description: 'An ingest token of the account (POST /api/v5/ingest_tokens/), for the peer protocols outside /api/v5 (Prometheus, OTLP, Alertmanager); Basic works there too.' },
      },
      schemas: { Error: jsonSchema(errorBody) },
    },
  };
}
