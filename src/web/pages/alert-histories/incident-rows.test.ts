import { describe, expect, it } from 'vitest';
import { indexTargets } from '../../../shared/alert-target';
import { incidentDuration, incidentRows, rowLabel, targetPath, type AlertRef } from './incident-rows';

const idx = indexTargets({ tags: [{ id: 9, servers: [1, 2] }], logs: [{ id: 3, server_id: 2 }], polled: [], applications: [] });
const alert = (id: number, type: string, target_id: string | number, target: string): AlertRef => ({ id, name: `A${id}`, type, target_id, target, trigger_type: 'CPU' });

describe('targetPath', () => {
  it.each([
    ['Process', '4,123,1700000000,node /srv/worker/index.js', '/processes/4_123_1700000000'],
    ['Process', 'broken', null],
    ['Application', 7, '/applications/7'],
    ['Log', 3, '/logs/3'],
    ['Polled Data', '8', '/polled-data/8'],
    ['Server', 4, '/servers/4'],
    ['Server Tag', 9, null],
  ] as const)('%s %s', (type, target_id, want) => expect(targetPath({ type, target_id })).toBe(want));
});

describe('incidentRows', () => {
  const names = new Map([[1, 'web-01'], [2, 'db-02'], [4, 'app-04']]);
  const alerts = new Map([
    [1, alert(1, 'Process', '4,123,1700000000,worker', 'worker on app-04')],
    [2, alert(2, 'Server Tag', 9, 'tag app (2 servers)')],
    [3, alert(3, 'Log', 3, 'FILE log /var/log/x on db-02')],
  ]);
  it('names the servers and the target of each incident', () => {
    const rows = incidentRows([{ id: 10, alert_id: 1 }, { id: 11, alert_id: 2 }, { id: 12, alert_id: 3 }, { id: 13, alert_id: 99 }, { id: 14, alert_id: 98, alert_name: 'Gone since' }], alerts, idx, names);
    expect(rows.map((r) => [r.alertName, r.servers.map((s) => s.name), r.target, r.targetPath])).toEqual([
      ['A1', ['app-04'], 'worker on app-04', '/processes/4_123_1700000000'],
      ['A2', ['web-01', 'db-02'], 'tag app (2 servers)', null],
      ['A3', ['db-02'], 'FILE log /var/log/x on db-02', '/logs/3'],
      ['Alert #99', [], '', null],
      ['Gone since', [], '', null],
    ]);
  });
  it('names the servers that breached where the incident recorded them, not every server of the tag', () => {
    const breached = [{ id: 2, hostname: 'db-02-then' }];
    const [tag, gone] = incidentRows([{ alert_id: 2, servers: breached }, { alert_id: 97, alert_name: 'Deleted tag alert', servers: [{ id: 5, hostname: 'old-05' }] }], alerts, idx, names);
    // The current hostname where the server still exists, the one kept with the incident otherwise.
    expect(tag!.servers).toEqual([{ id: 2, name: 'db-02' }]);
    expect(gone!.servers).toEqual([{ id: 5, name: 'old-05' }]);
    expect(incidentRows([{ alert_id: 2, servers: [] }], alerts, idx, names)[0]!.servers.map((s) => s.name)).toEqual(['web-01', 'db-02']);
  });
  it('names the servers that breached even before the index is loaded', () => {
    expect(incidentRows([{ alert_id: 2, servers: [{ id: 1, hostname: 'web-01' }] }], alerts, undefined, names)[0]!.servers).toEqual([{ id: 1, name: 'web-01' }]);
  });
  it('names the server of a Process or Server alert before the index is loaded, the others after', () => {
    const early = incidentRows([{ alert_id: 1 }, { alert_id: 2 }, { alert_id: 3 }], alerts, undefined, names);
    expect(early.map((r) => r.servers.map((s) => s.name))).toEqual([['app-04'], [], []]);
  });
});

describe('rowLabel', () => {
  it.each([
    [{ alertName: 'Disk over 90%', servers: [{ id: 2, name: 'db-02' }], target: 'db-02 (Linux)' }, 'Disk over 90% · db-02 (Linux)'],
    [{ alertName: 'nginx reports', servers: [{ id: 1, name: 'web-01' }, { id: 2, name: 'web-02' }], target: 'application nginx' }, 'nginx reports · web-01, web-02 · application nginx'],
    [{ alertName: 'CPU', servers: [1, 2, 3, 4].map((id) => ({ id, name: `s${id}` })), target: 'tag app (4 servers)' }, 'CPU · 4 servers · tag app (4 servers)'],
    [{ alertName: 'Alert #9', servers: [], target: '' }, 'Alert #9'],
  ])('%j', (r, want) => expect(rowLabel(r)).toBe(want));
});

describe('incidentDuration', () => {
  it.each([
    [1000, 1000 + 45 * 60, '45 min'],
    [1000, 1000 + 3.5 * 3600, '3.5 h'],
    [1000, 1000 + 3 * 86_400, '3.0 d'],
    [1000, null, '10 min'],
  ])('%i to %s', (start, end, want) => expect(incidentDuration(start, end, 1600)).toBe(want));
});
