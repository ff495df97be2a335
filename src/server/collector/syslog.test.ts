import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { LogBuffer } from './log-buffer';
import { LogSources } from './log-sources';
import { listenSyslog, parseSyslog, syslogLevel, type SyslogMessage } from './syslog';
import { until } from '../testing/until';

const run = promisify(execFile);

describe('parseSyslog', () => {
  it.each([
    [
      '<34>Oct 11 22:14:15 mymachine su: \'su root\' failed for lonvick on /dev/pts/8',
      { facility: 4, severity: 2, hostname: 'mymachine', app: 'su', msg: "'su root' failed for lonvick on /dev/pts/8" },
    ],
    ['<13>Feb  5 17:32:18 10.0.0.99 sshd[42]: hello', { facility: 1, severity: 5, hostname: '10.0.0.99', app: 'sshd', msg: 'hello' }],
    [
      '<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 [exampleSDID@32473 iut="3" eventID="1011"] \uFEFFAn application event',
      { facility: 20, severity: 5, hostname: 'mymachine.example.com', app: 'evntslog', msg: 'An application event' },
    ],
    ['<12>1 2003-10-11T22:14:15Z host app 1 - - plain', { facility: 1, severity: 4, hostname: 'host', app: 'app', msg: 'plain' }],
    ['<11>1 - - - - - [a b="x\\]y"][c] two SD', { facility: 1, severity: 3, hostname: '', app: '', msg: 'two SD' }],
    ['no priority at all', { facility: 1, severity: 5, hostname: '', app: '', msg: 'no priority at all' }],
    ['<999>bad pri', { facility: 1, severity: 5, hostname: '', app: '', msg: '<999>bad pri' }],
    ['<0>free text', { facility: 0, severity: 0, hostname: '', app: '', msg: 'free text' }],
  ] as [string, SyslogMessage][])('%s', (raw, expected) => expect(parseSyslog(raw)).toEqual(expected));
});

describe('syslogLevel', () => {
  it.each([
    [0, 'critical'],
    [3, 'critical'],
    [4, 'warning'],
    [5, 'info'],
    [7, 'info'],
  ] as const)('severity %i is %s', (s, level) => expect(syslogLevel(s)).toBe(level));
});

describe('syslog over UDP from util-linux logger', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });

  it.each(['--rfc3164', '--rfc5424'])('receives %s messages with their severity', async (format) => {
    const got: SyslogMessage[] = [];
    const l = await listenSyslog(0, (m) => got.push(m), '127.0.0.1');
    closers.push(l.close);
    const send = (prio: string, msg: string) =>
      run('logger', ['--server', '127.0.0.1', '--port', String(l.port), '--udp', format, '-t', 'fwtest', '-p', prio, msg]);
    await send('user.err', 'disk failure');
    await send('daemon.warning', 'running hot');
    await send('local0.info', 'all fine');
    const msgs = await until(() => (got.length >= 3 ? got : undefined));
    expect(msgs.map((m) => [m.app, m.msg, syslogLevel(m.severity)])).toEqual([
      ['fwtest', 'disk failure', 'critical'],
      ['fwtest', 'running hot', 'warning'],
      ['fwtest', 'all fine', 'info'],
    ]);
    expect(msgs[1]!.facility).toBe(3);
  });

  it('a SYSLOG log of the config listens on its port and honours its limit per minute', async () => {
    // A fixed clock keeps all three messages in one minute.
    const buffer = new LogBuffer(() => 1_700_000_040);
    const sources = new LogSources(buffer, { syslogHost: '127.0.0.1' });
    closers.push(() => sources.close());
    // Find a free port, release it, and let the config use it.
    const probe = await listenSyslog(0, () => undefined, '127.0.0.1');
    const port = probe.port;
    await probe.close();
    await sources.apply([{ id: 7, source_type: 'SYSLOG', source: String(port), limit: 2 }, { id: 8, source_type: 'EVENTLOG', source: 'System', limit: 10 }]);
    for (const [p, m] of [['user.crit', 'one'], ['user.notice', 'two'], ['user.err', 'three']]) {
      await run('logger', ['--server', '127.0.0.1', '--port', String(port), '--udp', '--rfc5424', '-t', 'app', '-p', p!, m!]);
    }
    await until(() => buffer.dropped.get(7) === 1); // the third message, past the limit
    const up = buffer.drain();
    expect(up).toHaveLength(1);
    expect(up[0]!.log_id).toBe(7);
    expect(up[0]!.messages).toEqual([
      { time: 1_700_000_040, severity: 'critical', data: 'app: one' },
      { time: 1_700_000_040, severity: 'info', data: 'app: two' },
    ]);
    expect(buffer.dropped.get(7)).toBe(1);
  });
});
