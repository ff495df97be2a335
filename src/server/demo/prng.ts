/**
 * Deterministic randomness for the demo fleet. Values are derived by hashing (seed, keys...), not drawn
 * from a stream, so any minute of any server can be generated on its own, in any order, and always
 * gives the same result.
 */

/** A 32-bit FNV-1a hash of a string; used to turn names into numeric keys. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mix(h: number, k: number): number {
  // murmur3's mixing steps, one 32-bit key at a time.
  k = Math.imul(k | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uint32 from the seed and integer keys (keys beyond 32 bits are folded). */
export function hash(seed: number, ...keys: number[]): number {
  let h = seed | 0;
  for (const k of keys) {
    h = mix(h, k);
    if (k > 0xffffffff || k < -0x80000000) h = mix(h, Math.floor(k / 0x100000000));
  }
  return finish(h ^ keys.length);
}

/** A float in [0, 1) from the seed and keys. */
export function rand(seed: number, ...keys: number[]): number {
  return hash(seed, ...keys) / 0x100000000;
}

/** An integer in [lo, hi] from the seed and keys. */
export function randInt(seed: number, lo: number, hi: number, ...keys: number[]): number {
  return lo + Math.floor(rand(seed, ...keys) * (hi - lo + 1));
}

/** Roughly normal noise (mean 0, sd 1) from the sum of three uniforms. */
export function noise(seed: number, ...keys: number[]): number {
  const a = rand(seed, ...keys, 1);
  const b = rand(seed, ...keys, 2);
  const c = rand(seed, ...keys, 3);
  return (a + b + c - 1.5) * 2;
}

/** Picks one item of a non-empty list. */
export function pick<T>(list: readonly T[], seed: number, ...keys: number[]): T {
  return list[hash(seed, ...keys) % list.length]!;
}
