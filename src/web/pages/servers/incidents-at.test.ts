import { describe, expect, it } from 'vitest';
import { alertsOfServer, openDuring } from './incidents-at';

describe('alertsOfServer', () => {
  const alerts = [
    { id: 1, type: 'Server', target_id: 5 },
    { id: 2, type: 'Server', target_id: 50 },
    { id: 3, type: 'Process', target_id: '5_100_1700000000' },
    { id: 4, type: 'Process', target_id: '55_100_1700000000' },
    { id: 5, type: 'Server Tag', target_id: '9' },
    { id: 6, type: 'Log', target_id: 3 },
    { id: 7, type: 'Polled Data', target_id: '8' },
    { id: 8, type: 'Application', target_id: 5 },
    { id: 9, type: 'Log', target_id: 4 },
  ];
  it('keeps the alerts on the server, its processes, tags, logs and checks', () => {
    expect(alertsOfServer(alerts, { serverId: 5, tagIds: [9], logIds: [3], polledIds: [8] }).map((a) => a.id)).toEqual([1, 3, 5, 6, 7]);
    expect(alertsOfServer(alerts, { serverId: 6, tagIds: [], logIds: [], polledIds: [] })).toEqual([]);
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
