import { PROCESS_FIELDS } from '../../../../shared/telemetry';
import type { ProcessSums, ProcessValues } from './rollup';

/**
 * The process rollup of a server over a step, stored as one BLOB so that folding a minute in costs no
 * JSON parse or stringify of every process's sums: a little-endian u32 length, the "pid_ct" keys as
 * JSON text, padding to 8 bytes, then per key (in key order) STRIDE float64 values [minutes seen,
 * sums (F), counts (F)] — the layout of ProcessSums. Rows written before this format hold the same
 * sums as JSON text ({"pid_ct": ProcessSums}); decoding accepts both.
 */

const F = PROCESS_FIELDS.length;
/** float64 values per process. */
export const STRIDE = 1 + 2 * F;

/** A decoded rollup: keys and their sums, key i at sums[i * STRIDE, (i + 1) * STRIDE). */
export interface ProcessRollup {
  keys: string[];
  sums: Float64Array;
}

const pad8 = (n: number) => (n + 7) & ~7;

/** The keys of a stored rollup, without decoding its sums. */
export function rollupKeys(stored: Buffer | string): string[] {
  if (typeof stored === 'string') return Object.keys(JSON.parse(stored) as object);
  return JSON.parse(stored.toString('utf8', 4, 4 + stored.readUInt32LE(0))) as string[];
}

/** Decodes a stored rollup (BLOB or legacy JSON text). */
export function decodeProcessRollup(stored: Buffer | string): ProcessRollup {
  if (typeof stored === 'string') {
    const obj = JSON.parse(stored) as Record<string, number[]>;
    const keys = Object.keys(obj);
    const sums = new Float64Array(keys.length * STRIDE);
    keys.forEach((k, i) => sums.set(obj[k]!.slice(0, STRIDE), i * STRIDE));
    return { keys, sums };
  }
  const len = stored.readUInt32LE(0);
  const keys = JSON.parse(stored.toString('utf8', 4, 4 + len)) as string[];
  const off = pad8(4 + len);
  const sums = new Float64Array(keys.length * STRIDE);
  // The Buffer may not be 8-byte aligned: copy the bytes rather than view them.
  new Uint8Array(sums.buffer).set(stored.subarray(off, off + sums.byteLength));
  return { keys, sums };
}

/** Encodes a rollup as its BLOB. */
export function encodeProcessRollup({ keys, sums }: ProcessRollup): Buffer {
  const head = Buffer.from(JSON.stringify(keys), 'utf8');
  const off = pad8(4 + head.length);
  const out = Buffer.alloc(off + keys.length * STRIDE * 8);
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  Buffer.from(sums.buffer, sums.byteOffset, keys.length * STRIDE * 8).copy(out, off);
  return out;
}

/** Folds one minute's process values (by "pid_ct" key) into a rollup, adding keys not seen before. */
export function addMinuteToRollup(r: ProcessRollup | null, minute: Record<string, ProcessValues>): ProcessRollup {
  const keys = r ? r.keys : [];
  const index = new Map<string, number>();
  keys.forEach((k, i) => index.set(k, i));
  let added = 0;
  for (const k in minute) if (!index.has(k)) added++;
  let sums = r ? r.sums : new Float64Array(0);
  if (added > 0) {
    const grown = new Float64Array((keys.length + added) * STRIDE);
    grown.set(sums);
    sums = grown;
  }
  for (const k in minute) {
    let i = index.get(k);
    if (i === undefined) {
      i = keys.length;
      keys.push(k);
      index.set(k, i);
    }
    const base = i * STRIDE;
    const values = minute[k]!;
    sums[base]! += 1;
    for (let f = 0; f < F; f++) {
      const v = values[f];
      if (v === null || v === undefined) continue;
      sums[base + 1 + f]! += v;
      sums[base + 1 + F + f]! += 1;
    }
  }
  return { keys, sums };
}

/** The sums of key i, in the ProcessSums layout. */
export function sumsAt(r: ProcessRollup, i: number): ProcessSums {
  return Array.from(r.sums.subarray(i * STRIDE, (i + 1) * STRIDE));
}

/** The sums of one key of a stored rollup, or null when the process is not in it. */
export function storedSumsOf(stored: Buffer | string, key: string): ProcessSums | null {
  if (typeof stored === 'string') return (JSON.parse(stored) as Record<string, ProcessSums>)[key] ?? null;
  const len = stored.readUInt32LE(0);
  const i = (JSON.parse(stored.toString('utf8', 4, 4 + len)) as string[]).indexOf(key);
  if (i < 0) return null;
  const base = pad8(4 + len) + i * STRIDE * 8;
  const out: ProcessSums = new Array<number>(STRIDE);
  for (let j = 0; j < STRIDE; j++) out[j] = stored.readDoubleLE(base + j * 8);
  return out;
}

/** The sum of two rollups (a new rollup; neither argument changes). */
export function mergeRollups(a: ProcessRollup, b: ProcessRollup): ProcessRollup {
  const keys = [...a.keys];
  const index = new Map<string, number>();
  keys.forEach((k, i) => index.set(k, i));
  for (const k of b.keys) if (!index.has(k)) index.set(k, keys.push(k) - 1);
  const sums = new Float64Array(keys.length * STRIDE);
  sums.set(a.sums.subarray(0, a.keys.length * STRIDE));
  b.keys.forEach((k, j) => {
    const base = index.get(k)! * STRIDE;
    for (let x = 0; x < STRIDE; x++) sums[base + x]! += b.sums[j * STRIDE + x]!;
  });
  return { keys, sums };
}
