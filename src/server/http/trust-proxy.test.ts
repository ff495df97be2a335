import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { registrationFor } from '../testing/ingest';
import { readEnv } from '../config';

let svc: TestService | undefined;
afterEach(async () => svc?.close());

/** Registers a server with an X-Forwarded-For header and answers its location_ip. */
async function locationIp(s: TestService, forwarded: string): Promise<string> {
  const r = await s.request('POST', '/api/v5/collector/register', { json: registrationFor(`g-${Math.random()}`), headers: { 'x-forwarded-for': forwarded } });
  return (await s.request('GET', `/api/v5/servers/${r.body.server_id}/`)).body.location_ip;
}

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['0', false],
    ['1', true],
    ['127.0.0.1, 10.0.0.0/8', '127.0.0.1, 10.0.0.0/8'],
  ])('reads %j as %j', (value, expected) => {
    expect(readEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('ignores X-Forwarded-For by default, so a client cannot choose its own address', async () => {
    svc = await startTestService();
    expect(await locationIp(svc, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('takes the client address from X-Forwarded-For sent by a trusted proxy', async () => {
    svc = await startTestService({ trustProxy: '127.0.0.1' });
    expect(await locationIp(svc, '203.0.113.9')).toBe('203.0.113.9');
  });

  it('does not believe the header from a proxy it was not told to trust', async () => {
    svc = await startTestService({ trustProxy: '10.0.0.0/8' });
    expect(await locationIp(svc, '203.0.113.9')).toBe('127.0.0.1');
  });
});
