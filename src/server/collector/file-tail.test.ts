import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tailFile } from './file-tail';
import { LogBuffer, fileLineSeverity } from './log-buffer';
import { LogSources } from './log-sources';
import { until } from '../testing/until';

describe('fileLineSeverity', () => {
  it.each([
    ['2024-01-01 ERROR disk full', 'critical'],
    ['[crit] upstream down', 'critical'],
    ['FATAL: out of memory', 'critical'],
    ['WARN slow query', 'warning'],
    ['warning: cert expires', 'warning'],
    ['GET /errors.html 200', 'info'],
    ['all good', 'info'],
  ] as const)('%s -> %s', (line, sev) => expect(fileLineSeverity(line)).toBe(sev));
});

describe('tailFile', () => {
  const dirs: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'tail-'));
    dirs.push(d);
    return d;
  };

  it('starts at the end, then follows appends, partial lines, rotation and truncation', async () => {
    const file = join(tmp(), 'app.log');
    writeFileSync(file, 'old history\n');
    const lines: string[] = [];
    const t = tailFile(file, (l) => lines.push(l), { pollMs: 20 });
    closers.push(() => t.close());
    await until(() => t.checks() > 0); // positioned at the end
    appendFileSync(file, 'one\ntw');
    await until(() => lines.length === 1);
    appendFileSync(file, 'o\r\n');
    await until(() => lines.length === 2);

    // logrotate's default: rename, a last line into the old file, then a new file at the path.
    renameSync(file, file + '.1');
    appendFileSync(file + '.1', 'late in old\n');
    writeFileSync(file, 'fresh\n');
    await until(() => lines.length === 4);

    // copytruncate: same inode, size drops. The tailer must see the empty file before it grows again
    // (a copytruncate it never sees is indistinguishable from appends): wait for two more checks, so
    // one began after the truncation.
    truncateSync(file, 0);
    const n = t.checks();
    await until(() => t.checks() >= n + 2);
    appendFileSync(file, 'after truncate\n');
    await until(() => lines.length === 5);
    expect(lines).toEqual(['one', 'two', 'late in old', 'fresh', 'after truncate']);
  });

  it('waits for a missing file and reads it from its start once it appears', async () => {
    const file = join(tmp(), 'later.log');
    const lines: string[] = [];
    const t = tailFile(file, (l) => lines.push(l), { pollMs: 20 });
    closers.push(() => t.close());
    await until(() => t.checks() > 0); // found no file
    writeFileSync(file, 'first\nsecond\n');
    await until(() => lines.length === 2);
    expect(lines).toEqual(['first', 'second']);
  });

  it('a FILE log of the config buffers lines with their severity for its log id', async () => {
    const file = join(tmp(), 'svc.log');
    writeFileSync(file, '');
    const buffer = new LogBuffer(() => 1_700_000_000);
    const sources = new LogSources(buffer, { pollMs: 20 });
    closers.push(() => sources.close());
    await sources.apply([{ id: 3, source_type: 'FILE', source: file, limit: 100 }]);
    await until(() => sources.checks(3) > 0); // positioned at the end
    appendFileSync(file, 'ERROR broke\nWARN odd\nok\n');
    const got: ReturnType<LogBuffer['drain']> = [];
    await until(() => {
      got.push(...buffer.drain());
      return got.flatMap((u) => u.messages).length >= 3;
    });
    expect(got.flatMap((u) => u.messages.map((m) => [u.log_id, m.severity, m.data]))).toEqual([
      [3, 'critical', 'ERROR broke'],
      [3, 'warning', 'WARN odd'],
      [3, 'info', 'ok'],
    ]);
    // Removing the log from the config stops the tail. A line that is never read is no event to wait
    // for: a bounded wait of five polls shows nothing arrives.
    await sources.apply([]);
    appendFileSync(file, 'ERROR after removal\n');
    await new Promise((r) => setTimeout(r, 100));
    expect(buffer.drain()).toEqual([]);
  });
});
