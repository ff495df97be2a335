import { describe, expect, it } from 'vitest';
import { auditChanges, valueText } from './audit-changes';

describe('auditChanges', () => {
  it.each([
    ['an update: only what changed', { name: 'a', threshold: 90, users: [1] }, { name: 'a', threshold: 95, users: [1, 2] }, [
      { field: 'threshold', before: 90, after: 95 },
      { field: 'users', before: [1], after: [1, 2] },
    ]],
    ['a create: every field', null, { name: 'web' }, [{ field: 'name', before: undefined, after: 'web' }]],
    ['a delete: every field', { name: 'web' }, null, [{ field: 'name', before: 'web', after: undefined }]],
    ['a field added', { a: 1 }, { a: 1, b: null }, [{ field: 'b', before: undefined, after: null }]],
    ['nothing changed', { a: { x: 1 } }, { a: { x: 1 } }, []],
    ['nothing known', null, null, []],
  ])('%s', (_, before, after, want) => expect(auditChanges(before, after)).toEqual(want));
});

describe('valueText', () => {
  it.each([
    ['x', 'x'],
    [undefined, '–'],
    [null, 'null'],
    [[1, 2], '[1,2]'],
    [true, 'true'],
  ])('%j', (v, want) => expect(valueText(v)).toBe(want));
});
