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

const AGGREGATIONS = new Set(['sum', 'avg', 'min', 'max', 'count', 'group', 'stddev', 'stdvar', 'topk', 'bottomk', 'quantile', 'count_values', 'limitk', 'limit_ratio']);
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset']);
const IDENT = /[a-zA-Z_:][a-zA-Z0-9_:]*/y;
const LABEL = /[a-zA-Z_][a-zA-Z0-9_]*/y;
const SPACE = /\s*/y;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v' };

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

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  skip(): void {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.text);
    this.pos = SPACE.lastIndex;
  }
  take(re: RegExp): string | null {
    this.skip();
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) return null;
    this.pos = re.lastIndex;
    return m[0];
  }
  eat(s: string): boolean {
    this.skip();
    if (!this.text.startsWith(s, this.pos)) return false;
    this.pos += s.length;
    return true;
  }
  peek(): string {
    this.skip();
    return this.text[this.pos] ?? '';
  }
  fail(what: string): never {
    throw new BadQuery(`parse error at char ${this.pos + 1}: ${what}`);
  }
}

function stringLiteral(c: Cursor): string {
  const q = c.peek();
  if (q !== '"' && q !== "'" && q !== '`') c.fail('expected a quoted label value');
  const text = c.text;
  let i = c.pos + 1;
  let out = '';
  for (;;) {
    const ch = text[i];
    if (ch === undefined || (ch === '\n' && q !== '`')) c.fail('unterminated string');
    i++;
    if (ch === q) break;
    if (ch === '\\' && q !== '`') {
      const e = text[i++] ?? '';
      if (e === 'x' || e === 'u' || e === 'U') {
        const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = text.slice(i, i + len);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) c.fail(`bad escape \\${e}${hex}`);
        out += String.fromCodePoint(parseInt(hex, 16));
        i += len;
      } else if (ESCAPES[e] !== undefined) out += ESCAPES[e];
      else c.fail(`unknown escape sequence \\${e}`);
      continue;
    }
    out += ch;
  }
  c.pos = i;
  return out;
}

/** Names the construct after an identifier that this subset does not evaluate. */
function unsupportedAfter(c: Cursor, ident: string | null): never {
  const next = c.peek();
  if (ident && next === '(') {
    throw new BadQuery(AGGREGATIONS.has(ident) ? `aggregation "${ident}" is not supported (only plain selectors so far)` : `function "${ident}" is not supported (only plain selectors so far)`);
  }
  if (ident && AGGREGATIONS.has(ident)) throw new BadQuery(`aggregation "${ident}" is not supported (only plain selectors so far)`);
  if (next === '[') throw new BadQuery('range vector selectors are not supported (only plain selectors so far)');
  if (next === '(') throw new BadQuery('parenthesised expressions are not supported (only plain selectors so far)');
  if (/^[-+*/%^<>=!]/.test(next)) throw new BadQuery('binary expressions are not supported (only plain selectors so far)');
  if (/^[0-9.]/.test(next)) throw new BadQuery('number literals are not supported (only plain selectors so far)');
  if (next === '"' || next === "'" || next === '`') throw new BadQuery('string literals are not supported (only plain selectors so far)');
  const word = c.take(IDENT);
  if (word && KEYWORDS.has(word)) throw new BadQuery(`"${word}" is not supported (only plain selectors so far)`);
  return c.fail(`unexpected ${JSON.stringify(c.text.slice(c.pos, c.pos + 10))}`);
}

/**
 * Parses a plain PromQL vector selector, `name{a="b",c!="d",e=~"re",f!~"re"}` or `{__name__="x",...}`,
 * into its matchers (the metric name as an `__name__` equality first). Anything else throws
 * BadQuery naming what is not supported, as Prometheus's bad_data errors do.
 */
export function parseSelector(query: string): LabelMatcher[] {
  const c = new Cursor(query);
  if (c.peek() === '') throw new BadQuery('empty query');
  const matchers: LabelMatcher[] = [];
  const name = c.take(IDENT);
  if (name !== null) {
    if (KEYWORDS.has(name)) throw new BadQuery(`"${name}" is not supported (only plain selectors so far)`);
    if (c.peek() === '(' || (AGGREGATIONS.has(name) && /^(by|without)\b/.test(c.text.slice(c.pos)))) unsupportedAfter(c, name);
    matchers.push(labelMatcher('__name__', '=', name));
  }
  if (c.eat('{')) {
    while (!c.eat('}')) {
      const label = c.take(LABEL) ?? c.fail('expected a label name');
      const op = (['=~', '!~', '!=', '='] as const).find((o) => c.eat(o)) ?? c.fail(`expected a matcher (=, !=, =~, !~) after ${label}`);
      matchers.push(labelMatcher(label, op, stringLiteral(c)));
      if (!c.eat(',') && c.peek() !== '}') c.fail('expected "," or "}"');
    }
  } else if (name === null) unsupportedAfter(c, null);
  if (c.peek() !== '') unsupportedAfter(c, null);
  if (name !== null && matchers.filter((m) => m.name === '__name__').length > 1) throw new BadQuery('metric name must not be set twice');
  if (!matchers.some((m) => !m.test(''))) throw new BadQuery('vector selector must contain at least one non-empty matcher');
  return matchers;
}

/** Whether a series' labels satisfy every matcher (an absent label reads as ''). */
export function matchesAll(matchers: readonly LabelMatcher[], labels: Readonly<Record<string, string>>): boolean {
  return matchers.every((m) => m.test(labels[m.name] ?? ''));
}

/** The metric name a selector pins by equality, if any (to narrow the store's lookup). */
export function pinnedName(matchers: readonly LabelMatcher[]): string | null {
  return matchers.find((m) => m.name === '__name__' && m.op === '=')?.value ?? null;
}
