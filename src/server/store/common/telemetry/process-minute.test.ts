import { describe, expect, it } from 'vitest';
import type { Batch } from '../../../../shared/ingest';
import { PROCESS_FIELDS } from '../../../../shared/telemetry';
import { planProcessMinute, processRow, type KnownProcesses } from './process-minute';

type Proc = Batch['processes'][number];
const proc = (pid: number, values: Partial<Record<(typeof PROCESS_FIELDS)[number], number>>, name = `p${pid}`): Proc =>
  ({ pid, create_time: 1_700_000_000 + pid, name, args: null, ...values }) as Proc;

/** The stored text as the store always meant it: {"pid_ct": [values in PROCESS_FIELDS order, null when absent]}. */
function reference(processes: Proc[]): string {
  const o: Record<string, (number | null)[]> = {};
  for (const p of processes) o[`${p.pid}_${p.create_time}`] = PROCESS_FIELDS.map((f) => p[f] ?? null);
  return JSON.stringify(o);
}

describe('planProcessMinute', () => {
  it('reads the values in PROCESS_FIELDS order', () => {
    const p = proc(1, Object.fromEntries(PROCESS_FIELDS.map((f, i) => [f, i + 0.5])));
    expect(processRow(p)).toEqual(PROCESS_FIELDS.map((_, i) => i + 0.5));
  });

  it.each([
    ['every field set, fractions and large numbers', [proc(1, { cpu: 0.1, memory: 123456789012, flags: 3 }), proc(2, { cpu: 1e-7, file_read: 2.5e21 })]],
    ['absent fields print null', [proc(1, { cpu: 5 }), proc(2, {})]],
    ['negative zero and negatives', [proc(1, { cpu: -0, memory: -3.25 })]],
    ['a key twice keeps its first place and its last values', [proc(1, { cpu: 1 }), proc(2, { cpu: 2 }), proc(1, { cpu: 3 })]],
    ['no process', []],
  ])('%s', (_, processes) => {
    expect(planProcessMinute(processes, 60, new Map()).text).toBe(reference(processes));
    expect(JSON.parse(planProcessMinute(processes, 60, new Map()).text)).toEqual(JSON.parse(reference(processes)));
  });

  it('prints what the reference prints for random minutes (fractions, absent fields, repeated keys)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 200; round++) {
      const processes = Array.from({ length: Math.floor(rnd() * 40) }, () =>
        proc(Math.floor(rnd() * 30), Object.fromEntries(PROCESS_FIELDS.filter(() => rnd() > 0.2).map((f) => [f, rnd() > 0.5 ? Math.floor(rnd() * 1e9) : (rnd() - 0.3) * 1e3]))),
      );
      expect(planProcessMinute(processes, 60, new Map()).text).toBe(reference(processes));
    }
  });

  it('answers the identities not known fresh, the first of a key given twice, and remembers them', () => {
    const cache: KnownProcesses = new Map();
    const first = planProcessMinute([proc(1, {}, 'first'), proc(2, {}), proc(1, {}, 'second')], 600, cache);
    expect(first.fresh.map((p) => [p.pid, p.name])).toEqual([[1, 'first'], [2, 'p2']]);
    expect(planProcessMinute([proc(1, {}), proc(3, {})], 660, cache).fresh.map((p) => p.pid)).toEqual([3]);
    // An identity whose last_seen is more than 10 minutes old is written again.
    expect(planProcessMinute([proc(1, {})], 600 + 601, cache).fresh.map((p) => p.pid)).toEqual([1]);
  });
});
