import { describe, expect, it } from 'vitest';
import { checkStatsdLine } from './statsd-line-form';

describe('checkStatsdLine', () => {
  it.each([
    ['web.hits:1|c', null],
    ['gauge:42', null],
    ['no-colon', 'expected <name>:<value>[|type[|@rate]]'],
    [':1|c', 'bucket name must be 1-256 characters'],
    [`${'x'.repeat(257)}:1`, 'bucket name must be 1-256 characters'],
    ['name:', 'the value must not be empty'],
    // The service does not check StatsD validity (spec): an unknown type is kept as a counter.
    ['x:1|zz', null],
  ])('%s', (line, want) => expect(checkStatsdLine(line)).toBe(want));
});
