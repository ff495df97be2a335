import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { basicHeader } from '../app/session';
import { api, ApiError, encodeParams, setUnauthorizedHandler } from './client';

describe('encodeParams', () => {
  it('sends lists and objects as JSON text, booleans as words, and leaves undefined out', () => {
    const p = encodeParams({ servers: [1, 2], buckets: [{ value: 'a:1|c' }], active: true, limit: 5, skip: undefined, empty: null });
    expect(p.toString()).toBe('servers=%5B1%2C2%5D&buckets=%5B%7B%22value%22%3A%22a%3A1%7Cc%22%7D%5D&active=true&limit=5&empty=');
  });
});

describe('basicHeader', () => {
  it('encodes UTF-8 credentials', () => {
    expect(basicHeader({ email: 'ü@x.io', apiKey: 'k' })).toBe(`Basic ${Buffer.from('ü@x.io:k').toString('base64')}`);
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());
  const respond = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
  const session = { email: 'a@b.c', apiKey: 'k' };

  it('turns the error shape into an ApiError with status and field', async () => {
    respond(400, { error: { status: 400, message: 'name must be 1-32 characters', field: 'name' } });
    const err = await api('POST', '/alerts/', { schema: z.unknown(), session }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, field: 'name', message: 'name must be 1-32 characters' });
  });
  it('sends form bodies with Basic auth and parses the answer', async () => {
    const fetchMock = vi.fn(async (_u: string, _i: RequestInit) => new Response(JSON.stringify({ result: 'Success' })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('PUT', '/servers/1/tags/', { params: { server_tags: [3] }, schema: z.object({ result: z.string() }), session })).resolves.toEqual({ result: 'Success' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v5/servers/1/tags/');
    expect(init.body).toBe('server_tags=%5B3%5D');
    expect((init.headers as Record<string, string>).Authorization).toBe(basicHeader(session));
  });
  it('refuses a response that does not match the schema', async () => {
    respond(200, { id: 'x' });
    await expect(api('GET', '/servers/1/', { schema: z.object({ id: z.number() }), session })).rejects.toThrow(/unexpected response/);
  });
  it('calls the unauthorized handler on a 401 of the stored session', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
    store.set('fleetwatch.session', JSON.stringify(session));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respond(401, { error: { status: 401, message: 'wrong e-mail or API key' } });
    await expect(api('GET', '/servers/', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(store.has('fleetwatch.session')).toBe(false);
  });
});
