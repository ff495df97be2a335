import { describe, expect, it } from 'vitest';
import { countByServer, indexTargets, processOfTarget, serversOfAlert } from './alert-target';

const idx = indexTargets({
  tags: [{ id: 9, servers: [5, 6, 6] }, { id: 10, servers: [] }],
  logs: [{ id: 3, server_id: 5 }],
  polled: [{ id: 8, server_id: 7 }],
  applications: [{ id: 4, servers: [5, 7] }],
});

describe('serversOfAlert', () => {
  it.each([
    ['Server by integer id', 'Server', 5, [5]],
    ['Server by text id', 'Server', '12', [12]],
    ['Server with a non-integer id', 'Server', 'abc', []],
    ['Server with id 0', 'Server', 0, []],
    ['Process in the spec form', 'Process', '5,1234,1700000000,node /srv/worker/index.js', [5]],
    ['Process with a comma in its name', 'Process', '17,1,2,a,b', [17]],
    ['Process as a uid', 'Process', '6_1234_1700000000', [6]],
    ['Process malformed', 'Process', '5,1234', []],
    ['Process with server 0', 'Process', '0,1,2,x', []],
    ['Server Tag: its servers, once each', 'Server Tag', '9', [5, 6]],
    ['Server Tag without servers', 'Server Tag', 10, []],
    ['Server Tag unknown', 'Server Tag', 99, []],
    ['Log: its server', 'Log', 3, [5]],
    ['Log unknown', 'Log', 4, []],
    ['Polled Data: its server', 'Polled Data', '8', [7]],
    ['Application: the servers it runs on', 'Application', 4, [5, 7]],
    ['Application unknown', 'Application', 5, []],
    ['an unknown type', 'Cluster', 5, []],
    ['no target', 'Server', null, []],
  ] as const)('%s', (_, type, target_id, want) => expect(serversOfAlert({ type, target_id }, idx)).toEqual(want));
});

describe('processOfTarget', () => {
  it.each([
    ['5,1234,1700000000,node /srv/worker/index.js', { serverId: 5, uid: '5_1234_1700000000', name: 'node /srv/worker/index.js' }],
    [' 5 , 1 , 2 ,java', { serverId: 5, uid: '5_1_2', name: 'java' }],
    ['5_1_2', { serverId: 5, uid: '5_1_2', name: '' }],
    ['5_1', null],
    [12, null],
    [undefined, null],
  ] as const)('%j', (t, want) => expect(processOfTarget(t)).toEqual(want));
});

describe('countByServer', () => {
  it('counts each alert once on every server it lies on', () => {
    const m = countByServer(
      [
        { type: 'Server', target_id: 5 },
        { type: 'Server Tag', target_id: 9 },
        { type: 'Process', target_id: '7,1,2,worker' },
        { type: 'Log', target_id: 404 },
      ],
      idx,
    );
    expect(Object.fromEntries(m)).toEqual({ 5: 2, 6: 1, 7: 1 });
  });
});
