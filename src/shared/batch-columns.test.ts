import { describe, expect, it } from 'vitest';
import { toColumns } from './batch-columns';
import { parseBatch } from './batch-parse';
import type { ProcessSample } from './ingest';
import { PROCESS_FIELDS } from './telemetry';

const E = 1_700_000_040;
const body = (processes: unknown) => ({ batch_id: 'b-1', guid: 'g', minute: E, server: { cpu: 10, memory: 1000 }, processes });
const full = (pid: number): ProcessSample =>
  ({ pid, create_time: 100 + pid, name: `p${pid}`, args: `--n ${pid}`, ...Object.fromEntries(PROCESS_FIELDS.map((f, i) => [f, pid * 1.5 + i])) }) as ProcessSample;
/** The data with its key order, or the first issue's path and message. */
const seen = (r: ReturnType<typeof parseBatch>) => (r.success ? { data: JSON.stringify(r.data) } : { path: r.error.issues[0]!.path, message: r.error.issues[0]!.message });

describe('processes as columns read as the list of the same processes', () => {
  it.each([
    ['every field of every process', [full(1), full(2), full(3)]],
    ['no args anywhere, and args null for one', [{ ...full(1), args: null }, { ...full(2), args: null }]],
    ['a field absent from one process', [full(1), { ...full(2), cpu: undefined }]],
    ['a field absent from every process', [{ ...full(1), flags: undefined }, { ...full(2), flags: undefined }]],
    ['only the identity', [{ pid: 1, create_time: 2, name: 'x', args: null }]],
    ['the same key twice', [full(1), full(2), full(1)]],
    ['no process', []],
  ])('%s', (_name, list) => {
    const processes = list.map((p) => JSON.parse(JSON.stringify(p)) as ProcessSample);
    const asList = parseBatch(body(processes));
    expect(asList.success).toBe(true);
    expect(seen(parseBatch(body(toColumns(processes))))).toEqual(seen(asList));
  });

  it('drops unknown columns, as unknown keys of a record are dropped', () => {
    const cols = { ...toColumns([full(1)]), colour: ['red'] };
    expect(seen(parseBatch(body(cols)))).toEqual(seen(parseBatch(body([full(1)]))));
  });
});

describe('processes as columns refused with the path of what is wrong', () => {
  const cols = () => toColumns([full(1), full(2)]) as Record<string, unknown[]>;
  const refused = (change: (c: Record<string, unknown>) => void) => {
    const c: Record<string, unknown> = cols();
    change(c);
    return seen(parseBatch(body(c)));
  };
  it.each([
    ['a column shorter than pid', (c: Record<string, unknown>) => (c.cpu = [1]), ['processes', 'cpu'], 'processes.cpu has 1 values where pid has 2'],
    ['name longer than pid', (c: Record<string, unknown>) => (c.name = ['a', 'b', 'c']), ['processes', 'name'], 'processes.name has 3 values where pid has 2'],
    ['no pid', (c: Record<string, unknown>) => delete c.pid, ['processes', 'pid'], undefined],
    ['a number as text', (c: Record<string, unknown>) => (c.memory = [1, '2']), ['processes', 'memory', 1], undefined],
    ['a number infinite', (c: Record<string, unknown>) => (c.flags = [1, Infinity]), ['processes', 'flags', 1], undefined],
    ['a negative pid', (c: Record<string, unknown>) => (c.pid = [1, -2]), ['processes', 'pid', 1], undefined],
    ['a fractional create_time', (c: Record<string, unknown>) => (c.create_time = [1.5, 2]), ['processes', 'create_time', 0], undefined],
    ['an empty name', (c: Record<string, unknown>) => (c.name = ['', 'b']), ['processes', 'name', 0], undefined],
    ['args a number', (c: Record<string, unknown>) => (c.args = [null, 5]), ['processes', 'args', 1], undefined],
    ['a column that is not a list', (c: Record<string, unknown>) => (c.cpu = 5), ['processes', 'cpu'], undefined],
    ['a null pid', (c: Record<string, unknown>) => (c.pid = [1, null]), ['processes', 'pid', 1], undefined],
  ])('%s', (_name, change, path, message) => {
    const r = refused(change);
    expect(r).toMatchObject({ path });
    if (message) expect(r).toMatchObject({ message });
  });

  it('a record that is not columns (before columns, the refusal said "expected array")', () => {
    expect(seen(parseBatch(body({ 0: full(1) })))).toMatchObject({ path: ['processes', 'pid'] });
  });

  it('more than 20,000 processes', () => {
    const n = 20_001;
    const r = seen(parseBatch(body({ pid: Array.from({ length: n }, (_, i) => i), create_time: new Array(n).fill(1), name: new Array(n).fill('x') })));
    expect(r).toMatchObject({ path: ['processes', 'pid'] });
  });

  it('the rest of the batch is still checked', () => {
    expect(seen(parseBatch({ ...body(cols()), minute: E + 1 }))).toMatchObject({ path: ['minute'] });
  });
});
