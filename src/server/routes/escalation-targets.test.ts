import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

// A schedule or channel that an escalation policy pages cannot be deleted: the step would page nobody.
// The refusal names the policy; once the policy no longer pages it, the delete goes through.
let svc: TestService;
let owner: number;

beforeAll(async () => {
  svc = await startTestService();
  owner = (await svc.request('GET', '/api/me/')).body.id;
});
afterAll(() => svc.close());

describe('deleting what an escalation policy pages', () => {
  it('is refused (409) naming the policy, then allowed once the policy no longer pages it', async () => {
    const rotation = { users: [owner], start: 1_800_000_000, handoff_time: '09:00', length: { unit: 'week', count: 1 } };
    const schedule = (await svc.request('POST', '/api/v5/schedules/', { json: { name: 'Ops', time_zone: 'UTC', rotations: [rotation] } })).body.id as number;
    const channel = (await svc.request('POST', '/api/v5/channels/', { form: { name: 'ops', type: 'slack', webhook_url: 'https://hooks.slack.com/services/T0/B0/x' } })).body.id as number;
    const steps = [{ delay_minutes: 0, targets: { users: [owner] } }, { delay_minutes: 10, targets: { schedules: [schedule], channels: [channel] } }];
    const policy = await svc.request('POST', '/api/v5/escalation_policies/', { json: { name: 'Night ops', steps } });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);

    const s = await svc.request('DELETE', `/api/v5/schedules/${schedule}/`);
    expect(s.status).toBe(409);
    expect(s.body.error.message).toBe(`the schedule is paged by escalation policy ${policy.body.id} "Night ops": take it out of its steps first`);
    const c = await svc.request('DELETE', `/api/v5/channels/${channel}/`);
    expect(c.status).toBe(409);
    expect(c.body.error.message).toContain('"Night ops"');
    // Nothing was deleted.
    expect((await svc.request('GET', `/api/v5/schedules/${schedule}/`)).status).toBe(200);
    expect((await svc.request('GET', `/api/v5/channels/${channel}/`)).status).toBe(200);

    const only = [{ delay_minutes: 0, targets: { users: [owner] } }];
    expect((await svc.request('PUT', `/api/v5/escalation_policies/${policy.body.id}/`, { json: { name: 'Night ops', steps: only } })).status).toBe(200);
    expect((await svc.request('DELETE', `/api/v5/schedules/${schedule}/`)).status).toBe(200);
    expect((await svc.request('DELETE', `/api/v5/channels/${channel}/`)).status).toBe(200);
  });

  it("another account's policy never blocks a delete", async () => {
    const rotation = { users: [owner], start: 1_800_000_000, handoff_time: '09:00', length: { unit: 'week', count: 1 } };
    const schedule = (await svc.request('POST', '/api/v5/schedules/', { json: { name: 'Mine', time_zone: 'UTC', rotations: [rotation] } })).body.id as number;
    const theirOwner = (await svc.request('GET', '/api/me/', { as: svc.other })).body.id as number;
    // Their policy cannot name our schedule at all (another account's id reads as none).
    const theirs = await svc.request('POST', '/api/v5/escalation_policies/', { as: svc.other, json: { name: 'Theirs', steps: [{ delay_minutes: 0, targets: { users: [theirOwner], schedules: [schedule] } }] } });
    expect(theirs.status).toBe(400);
    expect((await svc.request('DELETE', `/api/v5/schedules/${schedule}/`)).status).toBe(200);
  });
});
