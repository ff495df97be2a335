import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser } from '../testing/team';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ authMaxFailures: 3, authEmailMaxFailures: 50, authPenaltyMs: 0 });
});
afterAll(() => svc.close());

const servers = (as: { email: string; key: string; id: number }) => svc.request('GET', '/api/servers/', { as });

describe('the sign-in throttle in the service', () => {
  it('refuses wrong keys for a pair past its budget but lets the correct key and other users through', async () => {
    const colleague = await createUser(svc, 3);
    const wrong = { ...svc.account, key: 'wrong' };
    for (let i = 0; i < 3; i++) expect((await servers(wrong)).status).toBe(401);
    const refused = await servers(wrong);
    expect(refused.status).toBe(429);
    expect(refused.body.error.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Same address: the owner's correct key and a colleague's own key both pass.
    expect((await servers(svc.account)).status).toBe(200);
    expect((await servers(colleague)).status).toBe(200);
    expect((await servers({ ...colleague, key: 'wrong' })).status).toBe(401);
  });

  it('POST /session/ shares the throttle and passes the correct key', async () => {
    const u = await createUser(svc, 3);
    for (let i = 0; i < 3; i++) expect((await servers({ ...u, key: 'nope' })).status).toBe(401);
    const r = await svc.request('POST', '/api/session/', { as: null, json: { email: u.email, api_key: 'nope' } });
    expect(r.status).toBe(429);
    expect((await svc.request('POST', '/api/session/', { as: null, json: { email: u.email, api_key: u.key } })).status).toBe(200);
  });
});
