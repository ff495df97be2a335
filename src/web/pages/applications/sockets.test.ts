import { describe, expect, it } from 'vitest';
import type { ApplicationSocket } from '../../../shared/applications';
import { endpoint, socketRows } from './sockets';

const sock = (over: Partial<ApplicationSocket> = {}): ApplicationSocket => ({
  Status: 'ESTABLISHED',
  PeerIP: '10.0.0.9',
  PeerPort: '5432',
  SockIP: '10.0.0.2',
  SockPort: '41822',
  Socket: '7',
  Type: 'TCP',
  TransSent: '2048',
  TransRecv: '512',
  NumResponses: '4',
  TotalResponseTime: '1000',
  TransactTime: '1700000000',
  TransAcceptTime: '',
  ThreadId: '',
  ProcName: ['3_1234_1699990000', 'postgres', 'postgres -D /var/lib/postgresql'],
  ...over,
});

describe('endpoint', () => {
  it.each([
    ['10.0.0.1', '80', '10.0.0.1:80'],
    ['::1', '443', '[::1]:443'],
    ['10.0.0.1', '', '10.0.0.1'],
    ['', '', '–'],
  ])('endpoint(%j, %j) = %j', (ip, port, out) => expect(endpoint(ip, port)).toBe(out));
});

describe('socketRows', () => {
  it('reads ProcName as uid, name and command line, and the counters as numbers', () => {
    const [r] = socketRows([sock()]);
    expect(r).toMatchObject({
      process: { uid: '3_1234_1699990000', pid: 1234, name: 'postgres', commandLine: 'postgres -D /var/lib/postgresql' },
      local: '10.0.0.2:41822',
      peer: '10.0.0.9:5432',
      status: 'ESTABLISHED',
      sent: 2048,
      received: 512,
      responses: 4,
      avgResponseUs: 250,
    });
  });

  it('keeps empty or odd fields as missing rather than zero', () => {
    const [r] = socketRows([sock({ TransSent: '', NumResponses: '0', TotalResponseTime: 'n/a', Status: '' })]);
    expect(r).toMatchObject({ sent: null, responses: 0, avgResponseUs: null, status: '–' });
  });

  it('names a socket whose ProcName holds no uid by the text it has', () => {
    expect(socketRows([sock({ ProcName: ['nginx'] })])[0]!.process).toEqual({ uid: null, pid: null, name: 'nginx', commandLine: '' });
    expect(socketRows([sock({ ProcName: [] })])[0]!.process.name).toBe('unknown process');
  });

  it('gives every row its own key, even for identical sockets', () => {
    const rows = socketRows([sock(), sock()]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });
});
