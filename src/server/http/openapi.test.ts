import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApi } from '../app';
import { acceptPatch } from './patch';
import { startTestService, type TestService } from '../testing/harness';
import { CSV_EXPORTS } from './csv-export';
import { openApiPath } from './openapi';

interface Op {
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
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

/** Every method and path the route modules register, as OpenAPI writes them. */
async function registeredRoutes(): Promise<string[]> {
  const app = Fastify();
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    acceptPatch(route);
    for (const m of [route.method].flat()) if (m !== 'HEAD') seen.add(`${m} ${openApiPath(route.url)}`);
  });
  registerApi(app, svc.deps);
  await app.ready();
  await app.close();
  return [...seen].sort();
}

const documented = () =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe('OpenAPI document', () => {
  it('is served without authentication on both prefixes, as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const plain = await svc.request('GET', '/api/openapi.json', { as: null });
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(doc);
    expect(doc.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
  });

  it('documents exactly the routes that are registered', async () => {
    const routes = await registeredRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const hint = 'keep OPERATIONS in src/server/http/openapi-operations.ts in step with API_ROUTES';
    expect(routes.filter((r) => !documented().includes(r)), `registered but not documented: ${hint}`).toEqual([]);
    expect(documented().filter((r) => !routes.includes(r)), `documented but not registered: ${hint}`).toEqual([]);
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
