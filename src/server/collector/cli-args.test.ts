import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { joinOptionValues } from './cli-args';

describe('the collector CLI reads option values that start with a dash', () => {
  it.each([
    [['--key', '-Xy_1'], ['--key=-Xy_1']],
    [['--url', 'http://x', '--key', '-Xy', '--email', 'a@b.c'], ['--url', 'http://x', '--key=-Xy', '--email', 'a@b.c']],
    [['--key', 'abc'], ['--key', 'abc']],
    [['--key=-abc'], ['--key=-abc']],
    // An option name after an option is still an option (the missing value is reported as before).
    [['--key', '--email', 'a@b.c'], ['--key', '--email', 'a@b.c']],
    [['--key', '-h'], ['--key', '-h']],
  ])('%j -> %j', (args, want) => {
    expect(joinOptionValues(args)).toEqual(want);
  });

  it('gives parseArgs a key starting with "-" as the key', () => {
    const { values } = parseArgs({ args: joinOptionValues(['--key', '-abc', '--email', 'a@b.c']), options: { key: { type: 'string' }, email: { type: 'string' } } });
    expect(values).toEqual({ key: '-abc', email: 'a@b.c' });
  });
});
