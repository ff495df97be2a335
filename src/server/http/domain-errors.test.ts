import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict, forbidden, invalid, notFound, notFoundAt, unprocessable, type DomainError } from '../services/errors';
import { installErrorHandling } from './errors';

// The one place domain errors become HTTP answers: each kind's status, the message and field unchanged.
const cases: [string, DomainError, number, Record<string, unknown>][] = [
  ['invalid', invalid('servers: no server with id 9', 'servers'), 400, { status: 400, message: 'servers: no server with id 9', field: 'servers' }],
  ['forbidden', forbidden('only a manager may do this'), 403, { status: 403, message: 'only a manager may do this' }],
  ['not-found', notFound('log'), 404, { status: 404, message: 'log not found' }],
  ['not-found at', notFoundAt('time', 1_700_000_040), 404, { status: 404, message: 'no data of the server at time (2023-11-14 22:14 UTC)', field: 'time' }],
  ['conflict', conflict('the name is taken', 'name'), 409, { status: 409, message: 'the name is taken', field: 'name' }],
  ['unprocessable', unprocessable('Log alerts cannot be backtested', 'type'), 422, { status: 422, message: 'Log alerts cannot be backtested', field: 'type' }],
];

const app = Fastify();
beforeAll(async () => {
  installErrorHandling(app);
  app.get('/:i', async (req) => {
    throw cases[Number((req.params as { i: string }).i)]![1];
  });
  await app.ready();
});
afterAll(() => app.close());

describe('domain errors at the edge', () => {
  it.each(cases.map((c, i) => [c[0], i, c[2], c[3]] as const))('%s answers %i -> %i in the error shape', async (_kind, i, status, error) => {
    const r = await app.inject({ method: 'GET', url: `/${i}` });
    expect(r.statusCode).toBe(status);
    expect(r.json()).toEqual({ error });
  });
});
