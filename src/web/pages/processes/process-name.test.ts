import { describe, expect, it } from 'vitest';
import { processName } from './process-name';

describe('processName', () => {
  it('takes the first record with a name', () => {
    expect(processName([{ time: 1 }, { time: 2, name: '' }, { time: 3, name: 'nginx' }])).toBe('nginx');
  });
  it('is undefined without records or names', () => {
    expect(processName(undefined)).toBeUndefined();
    expect(processName([{ time: 1, name: 5 }])).toBeUndefined();
  });
});
