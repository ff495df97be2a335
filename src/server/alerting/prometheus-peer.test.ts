import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { createUser, ownerId } from '../testing/team';
import { startPrometheus, type PrometheusPeer } from '../testing/prometheus';
import { until } from '../testing/until';
import { startAlerting } from './start';

// Debian's real Prometheus (testing/prometheus.ts) scrapes a gauge this test serves, fires a rule on it
// and sends the alert to Fleetwatch as to its Alertmanager.

let svc: TestService;
let alerting: ReturnType<typeof startAlerting>;
let target: Server;
let prometheus: PrometheusPeer | undefined;
let gauge = 1;
// The service clock runs ahead of the wall clock by `skew` seconds once the test moves it (an escalation step falling due).
let skew = 0;

const listening = (s: Server) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as { port: number }).port)));

beforeAll(async () => {
  svc = await startTestService({}, () => Math.floor(Date.now() / 1000) + skew);
  alerting = startAlerting(svc.deps, { dispatcher: { tickMs: 100 } });
  target = createServer((_req, res) => {
    res.setHeader('content-type', 'text/plain; version=0.0.4');
    res.end(`# HELP fw_test_gauge A gauge the test controls.\n# TYPE fw_test_gauge gauge\nfw_test_gauge ${gauge}\n`);
  });
  const targetPort = await listening(target);
  const token = (await svc.request('POST', '/api/v5/ingest_tokens/', { form: { name: 'prometheus' } })).body.token as string;
  expect(token).toMatch(/^fwi_/);

  const fleetwatch = new URL(svc.baseUrl).host;
  prometheus = await startPrometheus((dir) => {
    writeFileSync(
      join(dir, 'rules.yml'),
      `groups:
  - name: fleetwatch-test
    rules:
      - alert: FwTestGaugeHigh
        expr: fw_test_gauge > 5
        for: 0s
        labels:
          severity: page
        annotations:
          summary: "fw_test_gauge is {{ $value }}"
          description: "The test's gauge went over 5."
`,
    );
    return `global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - ${join(dir, 'rules.yml')}
scrape_configs:
  - job_name: fw-test
    static_configs:
      - targets: ['127.0.0.1:${targetPort}']
alerting:
  alertmanagers:
    - api_version: v2
      authorization:
        type: Bearer
        credentials: ${token}
      static_configs:
        - targets: ['${fleetwatch}']
`;
  });
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await new Promise((r) => target.close(r));
  await alerting.stop();
  await svc.close();
});

type History = { id: number; alert_type: string; end: number | null; labels?: Record<string, string>; generator_url?: string; acknowledged_by: number | null };
const externalHistories = async () =>
  ((await svc.request('GET', '/api/v5/alert_histories/?start=0')).body.data as History[]).filter((h) => h.alert_type === 'External');

describe("Debian's Prometheus with Fleetwatch as its Alertmanager", () => {
  it('fires an incident with its labels, walks the escalation policy until acknowledged, and resolves when Prometheus sends endsAt', async () => {
    // The account's policy for external alerts: the owner at once, a second user a minute later.
    const owner = await ownerId(svc);
    const second = await createUser(svc);
    const policy = await svc.request('POST', '/api/v5/escalation_policies/', {
      json: { name: 'Prometheus', steps: [{ delay_minutes: 0, targets: { users: [owner] } }, { delay_minutes: 1, targets: { users: [second.userId] } }], repeat: 0 },
    });
    expect(policy.status).toBe(201);
    expect((await svc.request('PUT', '/api/v5/notification_settings/', { form: { external_escalation_policy: policy.body.id, group_wait_s: 0 } })).status).toBe(200);
    const told = async (historyId: number) =>
      (await svc.sql.all<{ event: string; user_id: number }>('SELECT event, user_id FROM notifications WHERE alert_history_id = ? ORDER BY id', historyId)).map((n) => [n.event, n.user_id]);

    gauge = 10;
    const [h] = await until(async () => {
      const hs = await externalHistories();
      return hs.length ? hs : null;
    }, { ms: 30_000, what: `the incident of Prometheus's alert (Prometheus said: ${prometheus!.output().slice(-500)})` });
    expect(h!.end).toBeNull();
    expect(h!.labels).toMatchObject({ alertname: 'FwTestGaugeHigh', severity: 'page', job: 'fw-test' });
    expect(h!.labels!.instance).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(h!.generator_url).toMatch(/^http:\/\/.+\/graph\?g0\.expr=fw_test_gauge/);
    const [ext] = (await svc.request('GET', '/api/v5/external_alerts/')).body.data;
    expect(ext).toMatchObject({ alertname: 'FwTestGaugeHigh', state: 'firing', incident_id: h!.id, annotations: { description: "The test's gauge went over 5." } });
    expect(ext.annotations.summary).toMatch(/^fw_test_gauge is 10/);

    // Step 1 of the walk tells the owner; nobody else yet.
    expect(await alerting.engine.escalate()).toBe(1);
    expect(await told(h!.id)).toEqual([['TRIGGERED', owner]]);

    const ack = await svc.request('POST', `/api/v5/alert_histories/${h!.id}/acknowledge/`);
    expect(ack.status).toBe(200);
    expect(ack.body.acknowledged_by).not.toBeNull();
    // Two minutes on, step 2 is past due, but the acknowledgement stopped the walk.
    skew += 120;
    expect(await alerting.engine.escalate()).toBe(0);
    expect(await told(h!.id)).toEqual([['TRIGGERED', owner]]);

    gauge = 1;
    const ended = await until(async () => (await externalHistories()).find((x) => x.id === h!.id && x.end !== null), { ms: 30_000, what: 'the incident to resolve' });
    expect(ended.end).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000 / 60) * 60 - 120);
    expect((await svc.request('GET', `/api/v5/external_alerts/${ext.id}/`)).body.state).toBe('resolved');
    const kinds = ((await svc.request('GET', `/api/v5/alert_histories/${h!.id}/timeline/`)).body.data as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['triggered', 'escalated', 'acknowledged', 'resolved']));
    expect(kinds.filter((k) => k === 'escalated')).toHaveLength(1);
    // Those the walk told hear that it resolved; the second user never heard of it.
    await until(async () => (await told(h!.id)).length === 2, { ms: 10_000, what: 'the RESOLVED message' });
    expect(await told(h!.id)).toEqual([['TRIGGERED', owner], ['RESOLVED', owner]]);
    // One incident: Prometheus's resends while it fired opened nothing more.
    expect(await externalHistories()).toHaveLength(1);
  }, 90_000);
});
