import { describe, expect, it } from 'vitest';
import { choicesOf, namesOf } from './choices';

describe('choicesOf and namesOf', () => {
  const servers = [
    { id: 1, hostname: 'web-01', nickname: 'front' },
    { id: 2, hostname: 'db-01', nickname: '' },
  ];
  const c = choicesOf(servers, (s) => s.nickname || s.hostname);

  it('keeps the items and names each by its label', () => {
    expect(c.items).toBe(servers);
    expect([...c.names]).toEqual([
      [1, 'front'],
      [2, 'db-01'],
    ]);
  });

  it.each([
    [[2, 1], 'db-01, front'],
    [[1, 9], 'front, #9'],
    [[], ''],
  ])('namesOf(%j) = %j', (ids, text) => expect(namesOf(ids, c.names)).toBe(text));

  it('shows ids while the names load', () => expect(namesOf([3, 4], undefined)).toBe('#3, #4'));
});
