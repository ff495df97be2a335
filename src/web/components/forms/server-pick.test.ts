import { describe, expect, it } from 'vitest';
import { matchServers, withIds } from './server-pick';

const servers = [
  { id: 3, hostname: 'web-02' },
  { id: 1, hostname: 'db-01', nickname: 'primary' },
  { id: 2, hostname: 'web-01' },
];

describe('server picking', () => {
  it('matches hostname or nickname regardless of case, sorted by the name shown', () => {
    expect(matchServers(servers, 'WEB').map((s) => s.id)).toEqual([2, 3]);
    expect(matchServers(servers, 'prim').map((s) => s.id)).toEqual([1]);
    expect(matchServers(servers, '  ').map((s) => s.id)).toEqual([1, 2, 3]);
  });
  it('adds known ids once and removes ids, keeping the selection sorted', () => {
    const known = new Set([1, 2, 3]);
    expect(withIds([3], [2, 3, 99], true, known)).toEqual([2, 3]);
    expect(withIds([1, 2, 3], [2, 3], false, known)).toEqual([1]);
    // A deleted server still listed in a tag is not added, but one already chosen can be removed.
    expect(withIds([99], [99], false, known)).toEqual([]);
  });
});
