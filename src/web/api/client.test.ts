import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { canConfigure, csrfToken, setCsrfToken } from '../app/session';
import { api, ApiError, encodeParams, setUnauthorizedHandler } from './client';

describe('encodeParams', () => {
  it('sends lists and objects as JSON text, booleans as words, and leaves undefined out', () => {
    const p = encodeParams({ servers: [1, 2], buckets: [{ value: 'a:1|c' }], active: true, limit: 5, skip: undefined, empty: null });
    expect(p.toString()).toBe('servers=%5B1%2C2%5D&buckets=%5B%7B%22value%22%3A%22a%3A1%7Cc%22%7D%5D&active=true&limit=5&empty=');
  });
});

describe('canConfigure', () => {
  it.each([
    [{ role: 2, is_account_owner: false }, true],
    [{ role: 2, is_account_owner: true }, true],
    [{ role: 3, is_account_owner: false }, false],
    [{ role: 3, is_account_owner: true }, true],
    [null, false],
  ])('%j: %s', (u, want) => expect(canConfigure(u)).toBe(want));
});

describe('api', () => {
  afterEach(() => (vi.unstubAllGlobals(), setCsrfToken(null)));
  const respond = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));

  it('turns the error shape into an ApiError with status and field', async () => {
    respond(400, { error: { status: 400, message: 'name must be 1-32 characters', field: 'name' } });
    const err = await api('POST', '/alerts/', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, field: 'name', message: 'name must be 1-32 characters' });
  });
  it('sends form bodies with the session cookie and the CSRF token, and parses the answer', async () => {
    const fetchMock = vi.fn(async (_u: string, _i: RequestInit) => new Response(JSON.stringify({ result: 'Success' })));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    await expect(api('PUT', '/servers/1/tags/', { params: { server_tags: [3] }, schema: z.object({ result: z.string() }) })).resolves.toEqual({ result: 'Success' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v5/servers/1/tags/');
    expect(init.body).toBe('server_tags=%5B3%5D');
    expect(init.credentials).toBe('same-origin');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBe('tok');
    expect(headers.Authorization).toBeUndefined();
  });
  it('sends no CSRF token on reads, and JSON bodies when asked', async () => {
    const fetchMock = vi.fn(async (_u: string, _i: RequestInit) => new Response(JSON.stringify({})));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    await api('GET', '/servers/', { params: { limit: 1 }, schema: z.unknown() });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
    await api('POST', '/session/', { json: { email: 'a@b.io', api_key: 'k' }, schema: z.unknown() });
    const init = fetchMock.mock.calls[1]![1];
    expect(init.body).toBe('{"email":"a@b.io","api_key":"k"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
  it('refuses a response that does not match the schema', async () => {
    respond(200, { id: 'x' });
    await expect(api('GET', '/servers/1/', { schema: z.object({ id: z.number() }) })).rejects.toThrow(/unexpected response/);
  });
  it('forgets the token and calls the unauthorized handler on a 401, unless the 401 is an answer', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setCsrfToken('tok');
    respond(401, { error: { status: 401, message: 'wrong e-mail or API key' } });
    await expect(api('GET', '/session/', { schema: z.unknown(), quiet401: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(csrfToken()).toBe('tok');
    await expect(api('GET', '/servers/', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(csrfToken()).toBeNull();
  });
});
