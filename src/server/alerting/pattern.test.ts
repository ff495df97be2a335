import { describe, expect, it } from 'vitest';
import { registerTestServer } from '../testing/ingest';
import { START, useEngine } from '../testing/engine-fixture';
import { compilePattern, patternProblem } from './pattern';

describe('alert patterns', () => {
  it.each([
    ['out of memory', 'java.lang.Error: out of memory', true],
    ['^ERROR \\d+$', 'ERROR 42', true],
    ['(?i)fatal', 'FATAL: disk', true],
    ['(a+)+$', `${'a'.repeat(50_000)}b`, false],
    ['(a+)+b$', `${'a'.repeat(50_000)}b`, true],
  ])('%s', (source, text, want) => expect(compilePattern(source)!.test(text)).toBe(want));

  it.each([['(a)\\1'], ['foo(?=bar)'], ['(?<!x)y']])('refuses %s, which RE2 cannot run', (source) => {
    expect(compilePattern(source)).toBeNull();
    expect(patternProblem(source)).toMatch(/^reg_exp must be a regular expression without backreferences or lookaround \(.+\)$/);
  });
});

describe('alert patterns through the service', () => {
  const f = useEngine();

  it('refuses a reg_exp RE2 cannot run on create and on update, changing nothing', async () => {
    const server = await registerTestServer(f.svc, 'p1');
    const log = (await f.svc.request('POST', '/api/logs/', { form: { server, type: 'FILE', source: '/var/log/p.log' } })).body.id as number;
    const form = { name: 'p', type: 'Log', target_id: log, trigger_type: 'Log Content', users: [f.owner] };
    const bad = await f.svc.request('POST', '/api/alerts/', { form: { ...form, reg_exp: '(err)\\1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('reg_exp');
    expect((await f.svc.request('GET', '/api/alerts/')).body.pagination.count).toBe(0);

    const id = await f.alert({ ...form, reg_exp: 'panic' });
    const put = await f.svc.request('PUT', `/api/alerts/${id}/`, { form: { reg_exp: 'x(?=y)' } });
    expect(put.status).toBe(400);
    expect(put.body.error.field).toBe('reg_exp');
    expect((await f.svc.request('GET', `/api/alerts/${id}/`)).body.reg_exp).toBe('panic');
  });

  // With a backtracking RegExp, (a+)+$ on 40 a's and a b takes about 2^40 steps: this test would never end.
  it('matches a catastrophic pattern against a crafted log line without stalling, and still fires on a match', async () => {
    const server = await registerTestServer(f.svc, 'p2');
    const log = (await f.svc.request('POST', '/api/logs/', { form: { server, type: 'FILE', source: '/var/log/q.log' } })).body.id as number;
    const quiet = await f.alert({ type: 'Log', target_id: log, trigger_type: 'Log Content', reg_exp: '(a+)+$' });
    const loud = await f.alert({ type: 'Log', target_id: log, trigger_type: 'Log Content', reg_exp: '(a+)+b$' });
    const messages = [{ time: START, severity: 'critical' as const, data: `${'a'.repeat(40)}b` }];
    await f.feed('p2', 1, () => ({ logs: [{ log_id: log, messages }] }));
    expect(await f.inIncident(quiet)).toBe(false);
    expect(await f.inIncident(loud)).toBe(true);
  });
});
