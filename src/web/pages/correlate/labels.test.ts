import { describe, expect, it } from 'vitest';
import { seriesLabel } from './labels';

const names = { servers: new Map([[12, 'web-01']]), logs: new Map([[4, 'web-01 /var/log/nginx/error.log']]) };

describe('seriesLabel', () => {
  it.each([
    [{ kind: 's', ref: 12, field: 'cpu' }, 'web-01 · CPU %'],
    [{ kind: 'p', ref: '12_345_99', field: 'memory' }, 'pid 345 on web-01 · Memory'],
    [{ kind: 'l', ref: 4, field: 'critical' }, 'web-01 /var/log/nginx/error.log · Critical'],
    [{ kind: 'a', ref: 3, field: 'cpu' }, '#3 · CPU %'],
    [{ kind: 'd', ref: 7, field: 'load1' }, '#7 · load1'],
  ] as const)('%j is %s', (r, label) => {
    expect(seriesLabel(r, names)).toBe(label);
  });
});
