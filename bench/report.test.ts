import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS, markdownTable, replaceBlock, Report } from './report';

describe('markdownTable', () => {
  it('writes a header, a rule and rows, escaping pipes and marking indented labels', () => {
    expect(markdownTable(['', 'a'], [['x|y', '1'], ['  sub', '2']])).toBe(['|  | a |', '|---|---|', '| x\\|y | 1 |', '| ↳ sub | 2 |'].join('\n'));
  });
});

describe('Report', () => {
  it('leaves out a column without figures and names columns whose goals differ', () => {
    const r = new Report('t', ['SQLite', 'PostgreSQL', 'other']);
    const sqlite = r.column('SQLite');
    const pg = r.column('PostgreSQL');
    sqlite('ingest', '0.27x', '>= 0.25x');
    pg('ingest', '0.30x', '>= 0.3x');
    pg('backtest', '402 ms', '<= 2 s');
    sqlite('backtest', '202 ms', '<= 2 s');
    sqlite('lag', '11 ms');
    r.note('Load average 1.0.');
    expect(r.markdown('Measured today.')).toBe(
      [
        'Measured today. Load average 1.0.',
        '',
        '|  | SQLite | PostgreSQL | goal |',
        '|---|---|---|---|',
        '| ingest | 0.27x | 0.30x | >= 0.25x (SQLite), >= 0.3x (PostgreSQL) |',
        '| backtest | 202 ms | 402 ms | <= 2 s |',
        '| lag | 11 ms | - |  |',
      ].join('\n'),
    );
  });

  it('refuses a column it was not given', () => {
    expect(() => new Report('t', ['a']).column('b')).toThrow('no column "b"');
  });
});

describe('replaceBlock', () => {
  it('replaces only the text between the named markers', () => {
    const doc = 'a\n<!-- bench:x -->\nold\n<!-- /bench:x -->\nb\n<!-- bench:y -->\nkeep\n<!-- /bench:y -->\n';
    expect(replaceBlock(doc, 'x', 'new')).toBe('a\n<!-- bench:x -->\nnew\n<!-- /bench:x -->\nb\n<!-- bench:y -->\nkeep\n<!-- /bench:y -->\n');
  });

  it('throws when the markers are missing', () => {
    expect(() => replaceBlock('no markers', 'x', 'new')).toThrow('<!-- bench:x -->');
  });

  it('finds the markers of every bench in docs/benchmarks.md', () => {
    const doc = readFileSync(DOCS, 'utf8');
    for (const name of ['telemetry', 'web', 'peers']) expect(() => replaceBlock(doc, name, '')).not.toThrow();
  });
});
