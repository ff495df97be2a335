import { describe, expect, it } from 'vitest';
import {
  applicationOptions,
  filterOptions,
  groupOptions,
  inGroups,
  logLabel,
  logOptions,
  polledOptions,
  processOptions,
  serverOptions,
  UNKNOWN_SERVER,
} from './pick-options';

const names = new Map([
  [1, 'web-01'],
  [2, 'app-02'],
  [10, 'web-10'],
  [3, 'app-10'],
]);

const labels = (o: { label: string }[]) => o.map((x) => x.label);

describe('serverOptions', () => {
  it('names each server by nickname, else hostname, sorted by name with numbers in order', () => {
    const o = serverOptions([
      { id: 10, hostname: 'web-10' },
      { id: 1, hostname: 'ip-10-0-0-1', nickname: 'web-01' },
      { id: 2, hostname: 'web-2', nickname: '' },
    ]);
    expect(o).toEqual([
      { value: '1', label: 'web-01' },
      { value: '2', label: 'web-2' },
      { value: '10', label: 'web-10' },
    ]);
  });
});

describe('logOptions', () => {
  const logs = [
    { id: 7, server_id: 1, source_type: 'FILE', source: '/var/log/nginx/error.log' },
    { id: 8, server_id: 2, source_type: 'SYSLOG', source: 'daemon' },
    { id: 9, server_id: 1, source_type: 'FILE', source: '/var/log/nginx/access.log' },
    { id: 11, server_id: 99, source_type: 'EVENTLOG', source: 'Application' },
  ];

  it('names the log by its kind, path and server name, never the server id', () => {
    expect(logLabel(logs[0]!, names)).toBe('File /var/log/nginx/error.log on web-01');
    expect(logOptions(logs, names).map((o) => o.label).join(' ')).not.toMatch(/#\d|server \d/);
  });

  it('groups by server name, then sorts by path; an unknown server reads as such', () => {
    const o = logOptions(logs, names);
    expect(o.map((x) => [x.group, x.value])).toEqual([
      ['app-02', '8'],
      [UNKNOWN_SERVER, '11'],
      ['web-01', '9'],
      ['web-01', '7'],
    ]);
    expect(o[1]!.label).toBe('Event log Application on unknown server');
  });
});

describe('polledOptions', () => {
  it('names the check with its server, from the fleet first, else the check’s own hostname', () => {
    const o = polledOptions(
      [
        { id: 1, name: 'check_load', server_id: 10, server_hostname: 'ip-10' },
        { id: 2, name: 'check_disk', server_id: 5, server_hostname: 'db-05' },
      ],
      names,
    );
    expect(o).toEqual([
      { value: '2', label: 'check_disk on db-05', group: 'db-05' },
      { value: '1', label: 'check_load on web-10', group: 'web-10' },
    ]);
  });
});

describe('applicationOptions and groupOptions', () => {
  it('names an application with its servers, counted past three', () => {
    expect(
      labels(
        applicationOptions(
          [
            { id: 1, name: 'shop', servers: [1, 2] },
            { id: 2, name: 'billing', servers: [1, 2, 3, 10] },
            { id: 3, name: 'idle', servers: [] },
          ],
          names,
        ),
      ),
    ).toEqual(['billing (4 servers)', 'idle', 'shop (web-01, app-02)']);
  });

  it('names a tag or set with its count of servers', () => {
    expect(
      groupOptions([
        { id: 4, name: 'web', servers: [1] },
        { id: 2, name: 'app', servers: [2, 3] },
      ]),
    ).toEqual([
      { value: '2', label: 'app (2 servers)' },
      { value: '4', label: 'web (1 server)' },
    ]);
  });
});

describe('processOptions', () => {
  it('sorts by name, then pid, and builds each value', () => {
    const o = processOptions(
      [
        { name: 'sshd', pid: 900 },
        { name: 'java', pid: 4312 },
        { name: 'java', pid: '77' },
      ],
      (p) => `1,${p.pid}`,
    );
    expect(o).toEqual([
      { value: '1,77', label: 'java (pid 77)' },
      { value: '1,4312', label: 'java (pid 4312)' },
      { value: '1,900', label: 'sshd (pid 900)' },
    ]);
  });
});

describe('filterOptions and inGroups', () => {
  const o = logOptions(
    [
      { id: 1, server_id: 1, source_type: 'FILE', source: '/var/log/nginx/error.log' },
      { id: 2, server_id: 10, source_type: 'FILE', source: '/var/log/nginx/error.log' },
      { id: 3, server_id: 10, source_type: 'FILE', source: '/var/log/syslog' },
    ],
    names,
  );

  it.each([
    ['', ['1', '2', '3']],
    ['ERROR', ['1', '2']],
    ['error web-10', ['2']],
    ['web-10', ['2', '3']],
    ['nothing', []],
  ])('"%s" keeps %j', (q, values) => {
    expect(filterOptions(o, q).map((x) => x.value)).toEqual(values);
  });

  it('keeps the chosen option whatever the search', () => {
    expect(filterOptions(o, 'syslog', '1').map((x) => x.value)).toEqual(['1', '3']);
  });

  it('gathers consecutive options of one server into one group', () => {
    expect(inGroups(o).map((g) => [g.group, g.options.map((x) => x.value)])).toEqual([
      ['web-01', ['1']],
      ['web-10', ['2', '3']],
    ]);
    expect(inGroups(serverOptions([{ id: 1, hostname: 'a' }]))).toEqual([{ group: '', options: [{ value: '1', label: 'a' }] }]);
  });
});
