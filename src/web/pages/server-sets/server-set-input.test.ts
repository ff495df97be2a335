import { describe, expect, it } from 'vitest';
import type { ServerSet } from '../../../shared/server-sets';
import { setFormOf, tagIds, toggleId } from './server-set-input';

const set: ServerSet = {
  id: 4,
  name: 'web',
  servers: [1, 2],
  server_tags: ['/api/v5/server_tags/7/', '/api/server_tags/12', 'junk', '/api/v5/server_tags/0/'],
  auto_detection: true,
  applications: [],
  url: '/api/v5/server_sets/4/',
};

describe('server set input', () => {
  it('reads tag ids from item paths, leaving out what is no id', () => expect(tagIds(set)).toEqual([7, 12]));

  it('fills the form from a set, or blank for a new one', () => {
    expect(setFormOf(set)).toEqual({ name: 'web', server_tags: [7, 12], auto_detection: true });
    expect(setFormOf(undefined)).toEqual({ name: '', server_tags: [], auto_detection: false });
  });

  it.each([
    [[3, 9], 5, true, [3, 5, 9]],
    [[3, 5, 9], 5, false, [3, 9]],
    [[3, 5], 5, true, [3, 5]],
    [[3], 5, false, [3]],
  ])('toggleId(%j, %i, %s) = %j', (ids, id, on, want) => expect(toggleId(ids, id, on)).toEqual(want));
});
