import vm from 'node:vm';
import { RE2JS } from 're2js';
import { invalid } from './errors';

/**
 * How long one request may spend matching all its messages against a filter with back-references (the
 * only ones RE2 cannot run). Matching holds the event loop, so this bounds how long one request can
 * delay every other; an honest filter such as `.*error.*` matches 100,000 typical lines (the most a
 * request reads) in about a tenth of a second.
 */
export const FILTER_BUDGET_MS = 200;

const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t', punct: '!-\\/:-@\\[-`{-~', print: ' -~', graph: '!-~', cntrl: '\\x00-\\x1f\\x7f', xdigit: '0-9A-Fa-f',
};
const escapeJs = (c: string) => (/[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c);

/** Translates a bracket expression starting at `i` (after '['); returns the JS class and the next index. */
function bracket(p: string, i: number): [string, number] {
  let out = '[';
  if (p[i] === '^') {
    out += '^';
    i++;
  }
  let first = true;
  let afterItem = false; // a '-' between two items is a range
  for (; i < p.length; i++) {
    const c = p[i]!;
    if (c === ']' && !first) return [`${out}]`, i + 1];
    first = false;
    if (c === '[' && p[i + 1] === ':') {
      const end = p.indexOf(':]', i + 2);
      const cls = end < 0 ? undefined : CLASSES[p.slice(i + 2, end)];
      if (cls === undefined) throw new SyntaxError('unknown character class');
      out += cls;
      i = end + 1;
      afterItem = false;
    } else if (c === '-' && afterItem && p[i + 1] !== ']') {
      out += '-';
      afterItem = false;
    } else {
      out += escapeJs(c); // a backslash is literal inside POSIX brackets
      afterItem = true;
    }
  }
  throw new SyntaxError('unterminated [');
}

/**
 * Translates a POSIX basic regular expression into a JavaScript pattern: \( \) group, \{m,n\} repeat,
 * \1-\9 back-reference, * repeat (literal where nothing precedes it), ^ and $ anchors only at the ends,
 * bracket expressions with [:class:]; unescaped + ? | ( ) { } are literal. The GNU extensions \+ \? \|
 * \< \> \w \W \s \S \b \B are understood as grep understands them. Throws SyntaxError when malformed.
 */
export function breToJs(p: string): string {
  let out = '';
  let atStart = true; // where a '*' is literal and '^' is an anchor
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    const wasStart = atStart;
    atStart = false;
    if (c === '\\') {
      const n = p[++i];
      if (n === undefined) throw new SyntaxError('trailing backslash');
      if (n === '(') {
        out += '(';
        depth++;
        atStart = true;
      } else if (n === ')') {
        if (depth-- === 0) throw new SyntaxError('unmatched \\)');
        out += ')';
      } else if (n === '{') {
        const end = p.indexOf('\\}', i);
        const body = end < 0 ? '' : p.slice(i + 1, end);
        if (!/^\d+(,\d*)?$/.test(body) || wasStart) throw new SyntaxError('invalid \\{\\}');
        const [lo, hi] = body.split(',');
        if (hi !== undefined && hi !== '' && Number(hi) < Number(lo)) throw new SyntaxError('invalid \\{\\}');
        out += `{${body}}`;
        i = end + 1;
      } else if (n === '|') {
        out += '|';
        atStart = true;
      } else if (n === '+' || n === '?') {
        out += wasStart ? `\\${n}` : n;
      } else if (/[1-9]/.test(n)) {
        out += `\\${n}`;
      } else if (n === '<' || n === '>') {
        out += '\\b';
      } else if (/[wWsSbB]/.test(n)) {
        out += `\\${n}`;
      } else {
        out += escapeJs(n);
      }
    } else if (c === '[') {
      const [cls, next] = bracket(p, i + 1);
      out += cls;
      i = next - 1;
    } else if (c === '*') {
      out += wasStart ? '\\*' : '*';
    } else if (c === '^') {
      if (wasStart) {
        out += '^';
        atStart = true;
      } else out += '\\^';
    } else if (c === '$') {
      const last = i === p.length - 1 || p.startsWith('\\)', i + 1) || p.startsWith('\\|', i + 1);
      out += last ? '$' : '\\$';
    } else if (c === '.') {
      out += '.';
    } else {
      out += escapeJs(c);
    }
  }
  if (depth !== 0) throw new SyntaxError('unmatched \\(');
  return out;
}

/**
 * A matcher for `filter`: the whole message must match. The expression is untrusted. Without
 * back-references it runs on RE2, in time linear in the text, so no pattern can stall the service;
 * with them (backtracking is then unavoidable) matching runs in a separate V8 context under a time
 * limit, and exceeding it answers 400 "filter took too long".
 */
export function compileFilter(filter: string): (messages: string[]) => boolean[] {
  let source: string;
  try {
    source = `^(?:${breToJs(filter)})$`;
    new RegExp(source, 's');
  } catch (e) {
    throw invalid(`filter is not a valid basic regular expression: ${(e as Error).message}`, 'filter');
  }
  const linear = re2(source);
  if (linear) return (messages) => messages.map((m) => linear.test(m));
  return (messages) => {
    if (messages.length === 0) return [];
    const context = vm.createContext({ source, messages });
    try {
      const matched: unknown = vm.runInContext(
        'const re = new RegExp(source, "s"); const out = new Array(messages.length); ' +
          'for (let i = 0; i < messages.length; i++) out[i] = re.test(messages[i]); out',
        context,
        { timeout: FILTER_BUDGET_MS },
      );
      return Array.from(matched as ArrayLike<boolean>, Boolean);
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw invalid('filter took too long', 'filter');
      throw e;
    }
  };
}

/** The translated filter on RE2 (dot matching newlines, as the JS flag s), or null when RE2 cannot run it. */
function re2(source: string): RE2JS | null {
  try {
    return RE2JS.compile(source, RE2JS.DOTALL);
  } catch {
    return null;
  }
}
