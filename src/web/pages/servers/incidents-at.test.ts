import { describe, expect, it } from 'vitest';
import { indexTargets } from '../../../shared/alert-target';
import { alertsOfServer, openDuring } from './incidents-at';

describe('alertsOfServer', () => {
  const alerts = [
    { id: 1, type: 'Server', target_id: 5 },
    { id: 2, type: 'Server', target_id: 50 },
    { id: 3, type: 'Process', target_id: '5,100,1700000000,java' },
    { id: 4, type: 'Process', target_id: '55,100,1700000000,java' },
    { id: 5, type: 'Server Tag', target_id: '9' },
    { id: 6, type: 'Log', target_id: 3 },
    { id: 7, type: 'Polled Data', target_id: '8' },
    { id: 8, type: 'Application', target_id: 5 },
    { id: 10, type: 'Application', target_id: 6 },
    { id: 9, type: 'Log', target_id: 4 },
  ];
  const idx = indexTargets({
    tags: [{ id: 9, servers: [5] }],
    logs: [{ id: 3, server_id: 5 }, { id: 4, server_id: 6 }],
    polled: [{ id: 8, server_id: 5 }],
    applications: [{ id: 5, servers: [5, 6] }, { id: 6, servers: [6] }],
  });
  it('keeps the alerts on the server, its processes, tags, logs, checks and applications', () => {
    expect(alertsOfServer(alerts, 5, idx).map((a) => a.id)).toEqual([1, 3, 5, 6, 7, 8]);
    expect(alertsOfServer(alerts, 6, idx).map((a) => a.id)).toEqual([8, 10, 9]);
    expect(alertsOfServer(alerts, 7, idx)).toEqual([]);
  });
});

describe('openDuring', () => {
  const t = 6000;
  const h = (id: number, start: number, end: number | null) => ({ id, start, end });
  it.each([
    ['started before, still open', h(1, 100, null), true],
    ['started before, ended after the minute', h(2, 100, 7000), true],
    ['started before, ended inside the minute', h(3, 100, 6030), true],
    ['ended exactly at the minute', h(4, 100, 6000), false],
    ['ended before', h(5, 100, 5000), false],
    ['started inside the minute', h(6, 6059, null), true],
    ['started at the next minute', h(7, 6060, null), false],
  ])('%s', (_, x, open) => expect(openDuring([x], t).length).toBe(open ? 1 : 0));
  it('lists the oldest first', () => {
    expect(openDuring([h(1, 500, null), h(2, 100, null)], t).map((x) => x.id)).toEqual([2, 1]);
  });
});
