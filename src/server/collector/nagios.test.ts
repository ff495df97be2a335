import { describe, expect, it } from 'vitest';
import { polledResult } from '../../shared/ingest';
import { parseCommandFile, parsePerfdata, parsePluginOutput, runCommand, statusOf } from './nagios';
import { PolledRunner } from './polled-runner';

const PLUGINS = '/usr/lib/nagios/plugins';

describe('parseCommandFile', () => {
  it('reads NRPE lines, skipping comments and blanks, and reports bad and duplicate lines', () => {
    const { commands, errors } = parseCommandFile(
      ['# checks', '', 'command[load]=/x/check_load -w 5 -c 10', '  command[ disk ] = check_disk -w 10% ', 'oops', 'command[load]=again'].join('\n'),
    );
    expect(commands).toEqual([
      { name: 'load', line: '/x/check_load -w 5 -c 10' },
      { name: 'disk', line: 'check_disk -w 10%' },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/line 5/);
    expect(errors[1]).toMatch(/duplicate command name "load"/);
  });
});

describe('statusOf', () => {
  it.each([
    [0, 'OK'],
    [1, 'WARNING'],
    [2, 'CRITICAL'],
    [3, 'UNKNOWN'],
    [4, 'UNKNOWN'],
    [127, 'UNKNOWN'],
    [-1, 'UNKNOWN'],
    [null, 'UNKNOWN'],
  ] as const)('exit %s is %s', (code, status) => expect(statusOf(code)).toBe(status));
});

describe('parsePerfdata', () => {
  it.each([
    ['time=0.5s;1;2;0;10', [{ name: 'time', value: 0.5, unit: 's', warn: 1, crit: 2, min: 0, max: 10 }]],
    ['users=3', [{ name: 'users', value: 3, unit: 'd' }]],
    ["'free space /'=42%;;;0;100", [{ name: 'free space /', value: 42, unit: '%', min: 0, max: 100 }]],
    ["'it''s'=1", [{ name: "it's", value: 1, unit: 'd' }]],
    ['a=1 b=2KB;5', [{ name: 'a', value: 1, unit: 'd' }, { name: 'b', value: 2, unit: 'KB', warn: 5 }]],
    ['load1=0.1;10:20;@5:30', [{ name: 'load1', value: 0.1, unit: 'd', warn: 20, crit: 30 }]],
    ['x=-1.5e2c', [{ name: 'x', value: -150, unit: 'c' }]],
    ['u=U;1;2 bad noequals =3', []],
  ])('%s', (text, values) => expect(parsePerfdata(text)).toEqual(values));
});

describe('parsePluginOutput', () => {
  it('takes the first line before | as the text and perfdata from long output too', () => {
    const out = parsePluginOutput('DISK OK - free | a=1\nlong text line\nmore | b=2\nc=3\n');
    expect(out.text).toBe('DISK OK - free');
    expect(out.values.map((v) => v.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('runCommand', () => {
  it('maps exit codes, output and perfdata of a shell command', async () => {
    const r = await runCommand({ name: 'sh', line: "echo 'WARN - high | v=7ms;5;9'; exit 1" });
    expect(polledResult.parse(r)).toMatchObject({ name: 'sh', command_name: 'sh', status: 'WARNING', text: 'WARN - high' });
    expect(r.values).toEqual([{ name: 'v', value: 7, unit: 'ms', warn: 5, crit: 9 }]);
  });

  it('answers UNKNOWN on a timeout and kills the command', async () => {
    const t0 = Date.now();
    const r = await runCommand({ name: 'slow', line: 'sleep 30' }, 300);
    expect(r.status).toBe('UNKNOWN');
    expect(r.text).toMatch(/timed out/);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('answers UNKNOWN for a missing command (exit 127)', async () => {
    const r = await runCommand({ name: 'none', line: '/nonexistent/check_x' });
    expect(r.status).toBe('UNKNOWN');
  });
});

// The Debian monitoring-plugins packages (.ci/run installs them).
describe('real Nagios plugins through a polled-data config', () => {
  it('runs check_dummy, check_load, check_disk and check_procs and reports their status and perfdata', async () => {
    const runner = new PolledRunner({ timeoutMs: 20_000 });
    runner.apply({
      file_path: '/etc/nagios/nrpe.cfg',
      file_type: 'nagios',
      frequency: 300,
      file_contents: [
        `command[dummy_ok]=${PLUGINS}/check_dummy 0 "all good"`,
        `command[dummy_warn]=${PLUGINS}/check_dummy 1 "watch out"`,
        `command[dummy_crit]=${PLUGINS}/check_dummy 2 "on fire"`,
        `command[dummy_unknown]=${PLUGINS}/check_dummy 3 "no idea"`,
        `command[load]=${PLUGINS}/check_load -w 1000,1000,1000 -c 2000,2000,2000`,
        `command[disk]=${PLUGINS}/check_disk -w 0% -c 0% -p /`,
        `command[procs]=${PLUGINS}/check_procs -w 100000 -c 200000`,
      ].join('\n'),
    });
    await runner.settle();
    const results = runner.drain().map((r) => polledResult.parse(r));
    const by = Object.fromEntries(results.map((r) => [r.name, r]));
    expect(by.dummy_ok).toMatchObject({ status: 'OK', text: 'OK: all good' });
    expect(by.dummy_warn).toMatchObject({ status: 'WARNING', text: 'WARNING: watch out' });
    expect(by.dummy_crit).toMatchObject({ status: 'CRITICAL', text: 'CRITICAL: on fire' });
    expect(by.dummy_unknown).toMatchObject({ status: 'UNKNOWN', text: 'UNKNOWN: no idea' });
    expect(by.load?.status).toBe('OK');
    expect(by.load?.values.map((v) => v.name)).toEqual(expect.arrayContaining(['load1', 'load5', 'load15']));
    expect(by.load?.values.find((v) => v.name === 'load1')).toMatchObject({ warn: 1000, crit: 2000, min: 0 });
    expect(by.disk?.status).toBe('OK');
    expect(by.disk?.values[0]).toMatchObject({ name: '/', unit: expect.stringMatching(/B$/) });
    expect(by.procs?.status).toBe('OK');
    expect(by.procs?.values.find((v) => v.name === 'procs')?.value).toBeGreaterThan(0);
    expect(runner.drain()).toEqual([]);
    await runner.close();
  });
});
