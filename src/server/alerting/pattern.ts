import { RE2JS } from 're2js';

/**
 * Alert patterns (reg_exp) run on every log line, file name and incident report a collector sends, so
 * they run on RE2, linear in the text: a pattern such as `(a+)+$` cannot stall the service on a
 * crafted log line as a backtracking RegExp would. RE2 has no backreferences or lookaround.
 */
export interface Pattern {
  test(text: string): boolean;
}

// Each batch evaluates the same few patterns again: keep them compiled (bounded, oldest dropped first).
const cache = new Map<string, Pattern | null>();
const CACHE_SIZE = 1000;

/** The compiled pattern (a match anywhere in the text, as RegExp.test), or null when RE2 refuses it. */
export function compilePattern(source: string): Pattern | null {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  let compiled: Pattern | null;
  try {
    compiled = RE2JS.compile(source);
  } catch {
    compiled = null;
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(source, compiled);
  return compiled;
}

/** Why a reg_exp cannot be used for alerts, in words, or null when it can. */
export function patternProblem(source: string): string | null {
  try {
    RE2JS.compile(source);
    return null;
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
    return `reg_exp must be a regular expression without backreferences or lookaround (${why})`;
  }
}
