import { RE2JS } from 're2js';

/** The four PromQL label matchers. */
export type MatchOp = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  name: string;
  op: MatchOp;
  value: string;
  /** Whether a label value (absent = '') satisfies the matcher; regexes are anchored, RE2 syntax. */
  test(v: string): boolean;
}

/** A query (or query parameter) outside the subset Fleetwatch evaluates, or malformed: Prometheus's bad_data. */
export class BadQuery extends Error {}

/** Builds a matcher; a regex that RE2 refuses is a bad query. */
export function labelMatcher(name: string, op: MatchOp, value: string): LabelMatcher {
  if (op === '=') return { name, op, value, test: (v) => v === value };
  if (op === '!=') return { name, op, value, test: (v) => v !== value };
  let re: RE2JS;
  try {
    re = RE2JS.compile(`^(?:${value})$`, RE2JS.DOTALL);
  } catch (err) {
    throw new BadQuery(`invalid regular expression ${JSON.stringify(value)}: ${(err as Error).message}`);
  }
  return op === '=~' ? { name, op, value, test: (v) => re.matches(v) } : { name, op, value, test: (v) => !re.matches(v) };
}

/** Whether a series' labels satisfy every matcher (an absent label reads as ''). */
export function matchesAll(matchers: readonly LabelMatcher[], labels: Readonly<Record<string, string>>): boolean {
  return matchers.every((m) => m.test(labels[m.name] ?? ''));
}

/** The metric name a selector pins by equality, if any (to narrow the store's lookup). */
export function pinnedName(matchers: readonly LabelMatcher[]): string | null {
  return matchers.find((m) => m.name === '__name__' && m.op === '=')?.value ?? null;
}
