import { describe, expect, it } from 'vitest';
import type { BatchInput } from '../testing/ingest';
import { registerTestServer } from '../testing/ingest';
import { START, useEngine } from '../testing/engine-fixture';

const f = useEngine();
const java = { pid: 7, create_time: START - 100, name: 'java', args: null, cpu: 99 };
const target = (server: number) => `${server},7,${START - 100},java`;

describe('Application alerts', () => {
  it('follow the processes of the template, whatever the application is named', async () => {
    const web = await registerTestServer(f.svc, 'w');
    const nginx = { pid: 10, create_time: START - 100, name: 'nginx', args: 'master', cpu: 95 };
    await f.feed('w', 1, () => ({ processes: [nginx] }));
    const r = await f.svc.request('PUT', '/api/autodetect/resources/', { form: { app_id: 1, new_process_group_name: 'Front web', servers: [web], alerts: [1, 2] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const app = (await f.svc.request('GET', '/api/applications/')).body.data.find((a: { name: string }) => a.name === 'Front web');
    const alerts: { id: number; trigger_type: string }[] = (await f.svc.request('GET', `/api/alerts/?filter_name=application_id&filter_id=${app.id}`)).body.data;
    const below = alerts.find((a) => a.trigger_type === 'Processes')!.id;
    const cpu = alerts.find((a) => a.trigger_type === 'CPU')!.id;
    await f.feed('w', 5, () => ({ processes: [nginx, { ...java, cpu: 1 }] }), 1);
    expect([await f.inIncident(below), await f.inIncident(cpu)]).toEqual([false, true]);
    await f.feed('w', 2, () => ({ processes: [java] }), 6);
    expect([await f.inIncident(below), await f.inIncident(cpu)]).toEqual([true, false]);
  });
});

describe('Process metric alerts', () => {
  it('resolve when the process is gone', async () => {
    const s = await registerTestServer(f.svc, 'd');
    await f.feed('d', 1, () => ({ processes: [java] }));
    const id = await f.alert({ type: 'Process', target_id: target(s), trigger_type: 'CPU', threshold: 50 });
    await f.feed('d', 1, () => ({ processes: [java] }), 1);
    expect(await f.inIncident(id)).toBe(true);
    await f.feed('d', 1, () => ({ processes: [] }), 2);
    expect(await f.inIncident(id)).toBe(false);
    expect((await f.histories(id))[0]!.end).toBe(START + 120);
  });

  it('fire on Threads', async () => {
    const s = await registerTestServer(f.svc, 'th');
    await f.feed('th', 1, () => ({ processes: [java] }));
    const id = await f.alert({ type: 'Process', target_id: target(s), trigger_type: 'Threads', threshold: 100 });
    await f.feed('th', 1, () => ({ processes: [{ ...java, thread_num: 500 }] }), 1);
    expect(await f.inIncident(id)).toBe(true);
    await f.feed('th', 1, () => ({ processes: [{ ...java, thread_num: 20 }] }), 2);
    expect(await f.inIncident(id)).toBe(false);
  });
});

describe('Process content alerts', () => {
  it('fire File Accessed and Port Accessed on the process and resolve', async () => {
    const s = await registerTestServer(f.svc, 'fp');
    await f.feed('fp', 1, () => ({ processes: [java] }));
    const file = await f.alert({ type: 'Process', target_id: target(s), trigger_type: 'File Accessed', reg_exp: '^/etc/shadow$' });
    const port = await f.alert({ type: 'Process', target_id: target(s), trigger_type: 'Port Accessed', ip_details: '22, 2222' });
    const other = { pid: 8, create_time: START - 50 };
    // Another process touching the file and the port does not count.
    await f.feed('fp', 1, () => ({
      processes: [java, { ...other, name: 'sshd', args: null }],
      process_details: [{ ...other, files: ['/etc/shadow'] }],
      connections: [{ ...other, role: 'server', local_ip: '10.0.0.1', local_port: 22, peer_ip: '10.0.0.2', peer_port: 50000 }],
    }), 1);
    expect([await f.inIncident(file), await f.inIncident(port)]).toEqual([false, false]);
    await f.feed('fp', 1, () => ({
      processes: [java],
      process_details: [{ pid: 7, create_time: START - 100, files: ['/etc/passwd', '/etc/shadow'] }],
      connections: [{ pid: 7, create_time: START - 100, role: 'client', local_ip: '10.0.0.1', local_port: 40000, peer_ip: '10.0.0.2', peer_port: 2222 }],
    }), 2);
    expect([await f.inIncident(file), await f.inIncident(port)]).toEqual([true, true]);
    await f.feed('fp', 1, () => ({ processes: [java] }), 3);
    expect([await f.inIncident(file), await f.inIncident(port)]).toEqual([false, false]);
  });

  it('match Incident Report Content only in logs the present process has open', async () => {
    const s = await registerTestServer(f.svc, 'e');
    await f.feed('e', 1, () => ({ processes: [java] }));
    const logOf = async (source: string) => (await f.svc.request('POST', '/api/logs/', { form: { server: s, type: 'FILE', source } })).body.id as number;
    const appLog = await logOf('/var/log/app.log');
    const syslog = await logOf('/var/log/syslog');
    const id = await f.alert({ type: 'Process', target_id: target(s), trigger_type: 'Incident Report Content', reg_exp: 'panic' });
    const panic = (log: number, minute: number) => ({ log_id: log, messages: [{ time: START + minute * 60, severity: 'critical' as const, data: 'kernel panic' }] });
    const opened = { pid: 7, create_time: START - 100, files: ['/var/log/app.log'] };
    const cases: [string, (i: number) => Partial<BatchInput>, boolean][] = [
      ['process absent', (i) => ({ processes: [], process_details: [opened], logs: [panic(appLog, i)] }), false],
      ['log not open by the process', (i) => ({ processes: [java], process_details: [opened], logs: [panic(syslog, i)] }), false],
      ['no match in its log', (i) => ({ processes: [java], process_details: [opened], logs: [{ ...panic(appLog, i), messages: [] }] }), false],
      ['match in its open log', (i) => ({ processes: [java], process_details: [opened], logs: [panic(appLog, i)] }), true],
    ];
    let minute = 1;
    for (const [name, batch, fires] of cases) {
      await f.feed('e', 1, batch, minute++);
      expect(await f.inIncident(id), name).toBe(fires);
    }
  });
});
