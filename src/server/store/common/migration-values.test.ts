import { describe, expect, it } from 'vitest';
import { decodeProcessRollup, encodeProcessRollup, STRIDE } from './telemetry/process-rollup';
import { canonical, copyField, kindOf, TableChecksum } from './migration-values';

describe('migration values: SQLite value to COPY text and to the checksum rendering', () => {
  it.each([
    ['int', 42n, '42'],
    ['int', null, '\\N'],
    ['real', 0.1, '0.1'],
    ['bool', 1n, 't'],
    ['bool', 0n, 'f'],
    ['ids', '[3,1,2]', '{3,1,2}'],
    ['ids', '[]', '{}'],
    ['text', 'a\tb\nc\\d\re', 'a\\tb\\nc\\\\d\\re'],
    ['json', '{"b":1,"a":"x\\ty"}', '{"b":1,"a":"x\\\\ty"}'],
  ] as const)('%s %s is written as %s', (kind, v, want) => {
    expect(copyField(kind, v)).toBe(want);
  });

  it('refuses what the target column cannot hold', () => {
    expect(() => copyField('ids', '{"a":1}')).toThrow(/list of ids/);
    expect(() => copyField('ids', '[1.5]')).toThrow(/list of ids/);
    expect(() => copyField('int', 'seven')).toThrow(/expected a number/);
  });

  it('writes process rollups as bytea, old JSON rows re-encoded in the binary layout', () => {
    const sums = Array.from({ length: STRIDE }, (_, i) => i + 0.5);
    const blob = encodeProcessRollup({ keys: ['12_34'], sums: Float64Array.from(sums) });
    expect(copyField('rollup', blob)).toBe(`\\\\x${blob.toString('hex')}`);
    expect(copyField('rollup', JSON.stringify({ '12_34': sums }))).toBe(`\\\\x${blob.toString('hex')}`);
    expect(decodeProcessRollup(Buffer.from(copyField('rollup', blob).slice(3), 'hex')).keys).toEqual(['12_34']);
  });

  it('renders equal values alike from both sides', () => {
    expect(canonical('bool', 1n, true)).toBe(canonical('bool', true, false));
    expect(canonical('bool', 0n, true)).toBe(canonical('bool', false, false));
    expect(canonical('int', 9007199254740993n, true)).toBe('9007199254740993');
    expect(canonical('int', 17n, true)).toBe(canonical('int', 17, false));
    // jsonb answers its own key order and spacing
    expect(canonical('json', '{"b":[1,{"d":2,"c":3}],"a":null}', true)).toBe(canonical('json', { a: null, b: [1, { c: 3, d: 2 }] }, false));
    expect(canonical('ids', '[1,2]', true)).toBe(canonical('ids', ['1', '2'], false));
    expect(canonical('text', 'x', true)).not.toBe(canonical('text', 'y', false));
    expect(canonical('int', null, true)).toBe(canonical('int', null, false));
  });

  it('checksums rows regardless of order, and tells a changed row', () => {
    const a = new TableChecksum();
    const b = new TableChecksum();
    const c = new TableChecksum();
    for (const r of [['1', 'x'], ['2', 'y']]) a.add(r);
    for (const r of [['2', 'y'], ['1', 'x']]) b.add(r);
    for (const r of [['2', 'y'], ['1', 'z']]) c.add(r);
    expect(b.hex()).toBe(a.hex());
    expect(c.hex()).not.toBe(a.hex());
    expect(a.rows).toBe(2);
  });

  it('knows the column types of the PostgreSQL schema and no others', () => {
    expect(['bigint', 'integer', 'smallint', 'double precision', 'text', 'boolean', 'jsonb', 'json', 'bigint[]', 'bytea'].map(kindOf)).not.toContain(undefined);
    expect(kindOf('timestamp with time zone')).toBeUndefined();
  });
});
