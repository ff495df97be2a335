import { describe, expect, it } from 'vitest';
import { batch } from '../fleet';
import { batchSamples, exposition } from './samples';

describe('batchSamples', () => {
  const samples = batchSamples(batch('fleet-7', 7, 1_700_000_040, 2));

  it('turns every numeric server field into a series, one per key of object fields', () => {
    const cores = samples.filter((s) => s.name === 'fleet_server_cpu_cores');
    expect(cores.map((s) => s.labels)).toEqual(['0', '1', '2', '3'].map((c) => [['core', c], ['server', 'fleet-7']]));
    expect(samples.find((s) => s.name === 'fleet_server_memory')?.labels).toEqual([['server', 'fleet-7']]);
    expect(samples.filter((s) => s.name.startsWith('fleet_server_'))).toHaveLength(19);
  });

  it('turns every numeric process field but pid and create_time into a series labelled by process', () => {
    const first = samples.filter((s) => s.name.startsWith('fleet_process_') && s.labels[0]![1] === '1000');
    expect(first).toHaveLength(16);
    expect(first[0]!.labels).toEqual([['pid', '1000'], ['process', 'proc-0'], ['server', 'fleet-7']]);
    expect(samples.some((s) => s.name === 'fleet_process_create_time' || s.name === 'fleet_process_pid')).toBe(false);
  });
});

describe('exposition', () => {
  it('writes text lines with a millisecond timestamp and escaped label values', () => {
    const text = exposition([{ name: 'm', labels: [['a', 'x"y\\z']], value: 1.5 }], 1_700_000_040_000);
    expect(text).toBe('m{a="x\\"y\\\\z"} 1.5 1700000040000\n');
  });
});
