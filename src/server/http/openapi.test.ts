import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApi, registerPeerProtocols } from '../app';
import { acceptPatch } from './patch';
import { startTestService, type TestService } from '../testing/harness';
import { CSV_EXPORTS } from './csv-export';
import { installMetrics } from './metrics';
import { openApiPath } from './openapi';
import { peerPath } from './openapi-peer';
import type { Operation } from './openapi-operation';
import { collectOperations, route } from './route';

interface Op {
  tags: string[];
  summary: string;
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
type Doc = { openapi: string; tags: { name: string; description?: string }[]; paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> } };

let svc: TestService;
let doc: Doc;
beforeAll(async () => {
  svc = await startTestService();
  const r = await svc.request('GET', '/api/v5/openapi.json', { as: null });
  expect(r.status).toBe(200);
  doc = r.body as Doc;
});
afterAll(() => svc.close());

/** Every method and path the route modules register, as OpenAPI writes them, and what they declare. */
async function registeredRoutes(): Promise<{ routes: string[]; operations: Operation[]; undeclared: string[] }> {
  const app = Fastify();
  const seen = new Set<string>();
  app.addHook('onRoute', (r) => {
    acceptPatch(r);
    for (const m of [r.method].flat()) if (m !== 'HEAD') seen.add(`${m} ${openApiPath(r.url)}`);
  });
  const { operations, undeclared } = registerApi(app, svc.deps);
  await app.ready();
  await app.close();
  // The peer protocols (Prometheus, OTLP, Alertmanager, /metrics) at their own full paths.
  const peers = Fastify();
  peers.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') seen.add(`${m} ${peerPath(r.url)}`);
  });
  const peer = await registerPeerProtocols(peers, svc.deps, installMetrics(peers, svc.deps));
  await peers.ready();
  await peers.close();
  return { routes: [...seen].sort(), operations: [...operations, ...peer.operations], undeclared: [...undeclared, ...peer.undeclared] };
}

const HINT = 'register API routes with route() of src/server/http/route.ts, which declares the operation beside the handler';

const documented = () =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe('OpenAPI document', () => {
  it("lists other tools' protocols at their own paths, signed in by an ingest token or Basic", () => {
    for (const [method, path] of [['post', '/api/v1/write'], ['get', '/api/v1/query_range'], ['post', '/api/v1/query_range'], ['get', '/api/v1/label/{name}/values'], ['post', '/api/v2/alerts'], ['post', '/v1/traces'], ['post', '/v1/logs'], ['post', '/v1/metrics']] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.security, `${method} ${path}`).toEqual([{ ingestToken: [] }, { basic: [] }]);
    }
    expect(doc.paths['/api/v1/write']!.post!.requestBody!.content['application/x-protobuf']).toBeDefined();
    expect(doc.paths['/metrics']!.get!.security).toEqual([]);
    expect(doc.components.securitySchemes.ingestToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is served without authentication on both prefixes, as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const plain = await svc.request('GET', '/api/openapi.json', { as: null });
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(doc);
    expect(doc.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
  });

  it('documents exactly the routes that are registered, every one declared with route()', async () => {
    const { routes, undeclared } = await registeredRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(undeclared, `registered without an operation: ${HINT}`).toEqual([]);
    expect(routes.filter((r) => !documented().includes(r)), `registered but not documented: ${HINT}`).toEqual([]);
    expect(documented().filter((r) => !routes.includes(r)), `documented but not registered: ${HINT}`).toEqual([]);
  });

  it('tells a route registered without an operation from one declared with route()', async () => {
    const app = Fastify();
    const { operations, undeclared } = collectOperations(app);
    app.get('/plain', async () => ({}));
    route(app, { method: 'POST', path: '/declared', tag: 'T', summary: 'S' }, async () => ({}));
    await app.ready();
    await app.close();
    expect(undeclared).toEqual(['GET /plain']);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(['POST /declared']);
  });

  it('gives every operation a tag, a summary, a unique operationId and the parameters of its params schema', async () => {
    const { operations } = await registeredRoutes();
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'duplicate operationIds').toEqual([]);
    for (const op of operations) {
      const where = `${op.method} ${op.path}`;
      expect(op.tag.trim(), where).not.toBe('');
      expect(op.summary.trim(), where).not.toBe('');
      expect(doc.tags.map((t) => t.name), where).toContain(op.tag);
      if (!op.params) continue;
      // A params schema the document cannot read (no object shape, or one JSON Schema cannot say) would
      // document an endpoint without its parameters: each one must show at least one field.
      const o = doc.paths[op.peer ? peerPath(op.path) : openApiPath(op.path)]![op.method.toLowerCase()]!;
      const query = (o.parameters ?? []).filter((p) => p.in === 'query' && p.name !== 'format');
      const body = Object.values(o.requestBody?.content ?? {})[0]?.schema;
      const shown = op.method === 'POST' || op.method === 'PUT' ? Object.keys(body?.properties ?? {}).length : query.length;
      expect(shown, `${where}: no parameter derived from its params schema`).toBeGreaterThan(0);
      expect(() => z.toJSONSchema(op.params!, { io: 'input', unrepresentable: 'any' }), where).not.toThrow();
    }
  });

  it('is structurally an OpenAPI 3.1 document: parameters, responses and references are whole', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = ref.replace(/^"\$ref":"#\/components\/schemas\//, '').replace(/"$/, '');
      expect(doc.components.schemas[name], ref).toBeDefined();
    }
    for (const [path, ops] of Object.entries(doc.paths)) {
      // The API's own paths, or another tool's protocol at its own path (Prometheus, Alertmanager, OTLP, /metrics).
      expect(path).toMatch(/^\/(api\/v5\/|api\/v1\/|api\/v2\/alerts$|v1\/|metrics$)/);
      for (const [method, op] of Object.entries(ops)) {
        expect(['get', 'post', 'put', 'patch', 'delete'], path).toContain(method);
        expect(op.tags, `${method} ${path}`).toHaveLength(1);
        for (const p of op.parameters ?? []) {
          expect(['path', 'query'], `${method} ${path} ${p.name}`).toContain(p.in);
          expect(p.schema, `${method} ${path} ${p.name}`).toEqual(expect.any(Object));
        }
        const names = (op.parameters ?? []).map((p) => `${p.in} ${p.name}`);
        expect(new Set(names).size, `${method} ${path}: a parameter twice`).toBe(names.length);
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, r] of Object.entries(op.responses)) {
          expect(status, `${method} ${path}`).toMatch(/^[1-5]\d\d$/);
          expect(r.description, `${method} ${path} ${status}`).toEqual(expect.any(String));
        }
      }
    }
  });

  it('gives every operation its path parameters, responses and the error shape', () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { error: { type: 'object', required: expect.arrayContaining(['status', 'message']) } },
    });
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops)) {
        expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? []).toEqual(names);
        expect(op.responses['400']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    expect(doc.paths['/api/v5/openapi.json']!.get!.security).toEqual([]);
    expect(doc.paths['/api/v5/logs/']!.get!.responses['401']).toBeDefined();
  });

  it('derives parameters from the shared schemas', () => {
    const post = doc.paths['/api/v5/logs/']!.post!;
    const form = post.requestBody!.content['application/x-www-form-urlencoded']!.schema;
    expect(Object.keys(form.properties!)).toEqual(['server', 'type', 'source', 'limit']);
    expect(form.required).toEqual(['server', 'type', 'source']);
    expect(post.responses['201']).toBeDefined();
    const list = doc.paths['/api/v5/buckets/{id}/data/']!.get!;
    expect(list.parameters!.map((p) => [p.name, p.required])).toEqual([
      ['id', true], ['limit', false], ['page', false], ['num', false], ['start', false], ['end', false], ['time_step', false], ['format', false],
    ]);
    const batch = doc.paths['/api/v5/collector/batches/']!.post!;
    expect(Object.keys(batch.requestBody!.content)).toEqual(['application/json']);
    expect(batch.requestBody!.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['batch_id', 'guid', 'minute', 'server']));
    const paged = doc.paths['/api/v5/servers/']!.get!.responses['200']!.content!['application/json']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(paged.properties)).toEqual(['pagination', 'data']);
  });
});

describe('CSV in the document', () => {
  it('offers format and text/csv on every endpoint that answers CSV, and on no other', () => {
    const csvPaths = Object.keys(CSV_EXPORTS).map(openApiPath);
    for (const [path, ops] of Object.entries(doc.paths)) {
      const get = ops.get;
      if (!get) continue;
      const offers = Object.keys(get.responses['200']?.content ?? {}).includes('text/csv');
      expect(offers, path).toBe(csvPaths.includes(path));
      expect(get.parameters?.some((p) => p.name === 'format') ?? false, path).toBe(offers);
    }
    expect(csvPaths.filter((p) => doc.paths[p]?.get)).toHaveLength(csvPaths.length);
  });
});

describe('alert rules in the descriptions', () => {
  it('say that a running maintenance window keeps alerts from triggering or notifying', () => {
    for (const tag of ['Alerts', 'Maintenance windows']) {
      expect(doc.tags.find((t) => t.name === tag)?.description, tag).toMatch(/running maintenance window does not trigger or notify/);
    }
  });
  it('say that Registry Accessed applies to Windows collectors, and what deactivating does', () => {
    const form = (method: 'post' | 'put', path: string) =>
      doc.paths[path]![method]!.requestBody!.content['application/x-www-form-urlencoded']!.schema.properties as Record<string, { description?: string }>;
    expect(form('post', '/api/v5/alerts/').trigger_type!.description).toMatch(/Registry Accessed applies to Windows collectors/);
    expect(form('put', '/api/v5/alerts/{id}/').active!.description).toMatch(/closes it/);
    expect(form('post', '/api/v5/alerts/').reg_exp!.description).toMatch(/RE2 syntax/);
  });
});
