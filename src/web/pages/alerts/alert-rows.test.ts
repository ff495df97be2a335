import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/alerts';
import { alertRows, alertServerId, countByServer, parseAlertView, type TargetServers } from './alert-rows';

const t: TargetServers = { logs: new Map([[5, 2]]), polled: new Map([[9, 3]]) };

function alert(id: number, type: Alert['type'], target_id: Alert['target_id'], name = `alert ${id}`): Alert {
  return {
    id, name, type, target_id, target: `target of ${id}`, trigger: 'CPU above 90', trigger_type: 'CPU', active: true, direction: 'above',
    num_of_servers: 1, interval: 60, time_above_threshold: 5, threshold: 90, reg_exp: '', part_name: '', ip_details: '',
    last_triggered: null, in_incident: false, users: [], subscribers: null, window_length: 0, window_units: 'h', band_value: 2, threshold_type: 'static', per_server: false, channels: [], escalation_policy: null, url: `/api/v5/alerts/${id}/`,
  };
}

describe('alertServerId', () => {
  it.each([
    ['Server', 4, 4],
    ['Server', '4', 4],
    ['Process', '7,100,1700000000,nginx', 7],
    ['Process', 'not a process', null],
    ['Log', 5, 2],
    ['Log', 6, null],
    ['Polled Data', 9, 3],
    ['Application', 1, null],
    ['Server Tag', 1, null],
  ] as const)('%s %s → %s', (type, target, expected) => {
    expect(alertServerId({ type, target_id: target }, t)).toBe(expected);
  });
});

describe('parseAlertView', () => {
  it('reads text, a known type and a server id or "multi"; ignores the rest', () => {
    expect(parseAlertView(new URLSearchParams('q=cpu&type=Log&server=12'))).toEqual({ q: 'cpu', type: 'Log', server: 12 });
    expect(parseAlertView(new URLSearchParams('type=Nope&server=multi'))).toEqual({ q: '', type: '', server: 'multi' });
    expect(parseAlertView(new URLSearchParams('server=-1'))).toEqual({ q: '', type: '', server: null });
  });
});

describe('alertRows', () => {
  const alerts = [alert(1, 'Server', 4, 'CPU web'), alert(3, 'Log', 5, 'nginx errors'), alert(2, 'Application', 1), alert(4, 'Server', 2, 'Disk db')];
  const names = (id: number) => ({ 2: 'db-01', 4: 'web-01' })[id];
  const view = { q: '', type: '' as const, server: null };

  it('puts the newest alert first', () => {
    expect(alertRows(alerts, t, view, names).map((r) => r.alert.id)).toEqual([4, 3, 2, 1]);
  });
  it('filters by type, by server (through its logs) and by alerts spanning servers', () => {
    expect(alertRows(alerts, t, { ...view, type: 'Server' }, names).map((r) => r.alert.id)).toEqual([4, 1]);
    expect(alertRows(alerts, t, { ...view, server: 2 }, names).map((r) => r.alert.id)).toEqual([4, 3]);
    expect(alertRows(alerts, t, { ...view, server: 'multi' }, names).map((r) => r.alert.id)).toEqual([2]);
  });
  it('matches text in the name and in the server name, regardless of case', () => {
    expect(alertRows(alerts, t, { ...view, q: 'NGINX' }, names).map((r) => r.alert.id)).toEqual([3]);
    expect(alertRows(alerts, t, { ...view, q: 'db-01' }, names).map((r) => r.alert.id)).toEqual([4, 3]);
  });
  it('counts alerts per server and those spanning servers', () => {
    const c = countByServer(alerts, t);
    expect([...c.perServer]).toEqual([[4, 1], [2, 2]]);
    expect(c.multi).toBe(1);
  });
});
