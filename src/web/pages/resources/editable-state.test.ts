import { describe, expect, it } from 'vitest';
import { serverTagCreate, serverTagUpdate, type ServerTagInput } from '../../../shared/server-tags';
import { editParam, prepareInput } from './editable-state';

describe('editParam', () => {
  it.each([
    [null, null],
    ['new', 'new'],
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
  ])('%j -> %j', (raw, want) => expect(editParam(raw)).toBe(want));
});

describe('prepareInput', () => {
  const tags = {
    schema: (creating: boolean) => (creating ? serverTagCreate : serverTagUpdate),
    toInput: (v: ServerTagInput) => ({ ...v, name: v.name.trim() }),
  };
  const blank = { name: '', servers: [] };

  it('checks what toInput makes of the values and hands that over', () => {
    expect(prepareInput(tags, { name: ' web ', servers: [2] }, blank, true)).toEqual({ ok: true, input: { name: 'web', servers: [2] } });
  });

  it('answers the errors by field when the shared schema refuses', () => {
    expect(prepareInput(tags, blank, blank, true)).toEqual({ ok: false, errors: { name: 'name must be 1-256 characters' } });
  });

  it('picks the schema by creating or updating (a 100-character name only fits on create)', () => {
    const long = { name: 'x'.repeat(100), servers: [] };
    expect(prepareInput(tags, long, blank, true).ok).toBe(true);
    expect(prepareInput(tags, long, blank, false)).toEqual({ ok: false, errors: { name: 'name must be 1-64 characters' } });
  });
});
