import { describe, expect, it } from 'vitest';
import { checkStatsdLine } from './statsd-line-form';

describe('checkStatsdLine', () => {
  it.each([
    ['web.hits:1|c', null],
    ['gauge:42', null],
    ['no-colon', 'Write the line as <bucket name>:<value>, e.g. web.hits:1|c'],
    [':1|c', 'The bucket name must be 1-256 characters'],
    [`${'x'.repeat(257)}:1`, 'The bucket name must be 1-256 characters'],
    ['name:', 'The value must not be empty'],
  ])('%s', (line, want) => expect(checkStatsdLine(line)).toBe(want));
});
