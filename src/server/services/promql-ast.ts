import { parser } from '@prometheus-io/lezer-promql';
import { BadQuery, labelMatcher, type LabelMatcher, type MatchOp } from './promql-selector';

/** A node of lezer's syntax tree (typed through the parser: @lezer/common is not a direct dependency). */
type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

/** Functions of the subset, by the type of their arguments. */
export const RANGE_FUNCTIONS = [
  'rate', 'irate', 'increase',
  'avg_over_time', 'min_over_time', 'max_over_time', 'sum_over_time', 'count_over_time',
  'last_over_time', 'first_over_time', 'stddev_over_time', 'stdvar_over_time',
] as const;
export type RangeFunction = (typeof RANGE_FUNCTIONS)[number];
export type AggregateOp = 'sum' | 'avg' | 'min' | 'max' | 'count' | 'topk' | 'bottomk';
export type ArithmeticOp = '+' | '-' | '*' | '/' | '%' | '^';
export type ComparisonOp = '==' | '!=' | '>' | '<' | '>=' | '<=';
export type BinaryOp = ArithmeticOp | ComparisonOp;

/** The PromQL subset Fleetwatch evaluates, as a typed tree. */
export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'selector'; matchers: LabelMatcher[] }
  | { kind: 'range'; matchers: LabelMatcher[]; rangeMs: number }
  | { kind: 'call'; fn: RangeFunction; arg: Expr & { kind: 'range' } }
  | { kind: 'quantile_over_time'; q: Expr; arg: Expr & { kind: 'range' } }
  | { kind: 'histogram_quantile'; q: Expr; arg: Expr }
  | { kind: 'aggregate'; op: AggregateOp; without: boolean; labels: string[]; param: Expr | null; arg: Expr }
  | { kind: 'binary'; op: BinaryOp; bool: boolean; lhs: Expr; rhs: Expr }
  | { kind: 'negate'; arg: Expr };

export type ValueType = 'scalar' | 'vector' | 'matrix';

/** The type an expression evaluates to. */
export function typeOf(e: Expr): ValueType {
  switch (e.kind) {
    case 'number': return 'scalar';
    case 'range': return 'matrix';
    case 'binary': return typeOf(e.lhs) === 'scalar' && typeOf(e.rhs) === 'scalar' ? 'scalar' : 'vector';
    case 'negate': return typeOf(e.arg);
    default: return 'vector';
  }
}

const TYPE_NAMES: Record<ValueType, string> = { scalar: 'scalar', vector: 'instant vector', matrix: 'range vector' };
const OPS: Record<string, BinaryOp> = {
  Add: '+', Sub: '-', Mul: '*', Div: '/', Mod: '%', Pow: '^', Eql: '==', Neq: '!=', Gtr: '>', Lss: '<', Gte: '>=', Lte: '<=',
};
const MATCH_OPS: Record<string, MatchOp> = { EqlSingle: '=', Neq: '!=', EqlRegex: '=~', NeqRegex: '!~' };
const AGGREGATES = new Set<string>(['sum', 'avg', 'min', 'max', 'count', 'topk', 'bottomk']);
/** What a node this subset does not evaluate is called in its error. */
const UNSUPPORTED: Record<string, string> = {
  OffsetExpr: 'offset', SubqueryExpr: 'subquery', StepInvariantExpr: '@ modifier', MatchingModifierClause: 'on/ignoring vector matching',
  StringLiteral: 'string literal', AnchoredExpr: 'anchored modifier', SmoothedExpr: 'smoothed modifier', FillModifier: 'fill modifier',
};
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v' };
const DURATION = /^(?:\d+(?:ms|s|m|h|d|w|y))+$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };

const unsupported = (what: string): never => { throw new BadQuery(`unsupported in Fleetwatch: ${what}`); };

class Walker {
  constructor(readonly text: string) {}

  src(n: SyntaxNode): string {
    return this.text.slice(n.from, n.to);
  }

  fail(n: SyntaxNode, what: string): never {
    throw new BadQuery(`1:${n.from + 1}: parse error: ${what}`);
  }

  children(n: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let c = n.firstChild; c; c = c.nextSibling) out.push(c);
    return out;
  }

  expr(n: SyntaxNode): Expr {
    const kids = this.children(n);
    switch (n.name) {
      case 'ParenExpr': return this.expr(this.only(n, kids));
      case 'NumberDurationLiteral': return { kind: 'number', value: this.number(n) };
      case 'VectorSelector': return { kind: 'selector', matchers: this.selector(n, kids) };
      case 'MatrixSelector': {
        const [vs, dur] = kids;
        if (!vs || vs.name !== 'VectorSelector' || !dur) return this.fail(n, 'ranges only allowed for vector selectors');
        return { kind: 'range', matchers: this.selector(vs, this.children(vs)), rangeMs: this.duration(dur) };
      }
      case 'UnaryExpr': {
        const arg = this.expr(this.only(n, kids.filter((k) => k.name !== 'UnaryOp')));
        if (typeOf(arg) === 'matrix') this.fail(n, 'unary expression only allowed on expressions of type scalar or instant vector');
        const minus = this.src(n).trimStart().startsWith('-');
        if (!minus) return arg;
        return arg.kind === 'number' ? { kind: 'number', value: -arg.value } : { kind: 'negate', arg };
      }
      case 'BinaryExpr': return this.binary(n, kids);
      case 'FunctionCall': return this.call(n, kids);
      case 'AggregateExpr': return this.aggregate(n, kids);
      default:
        return unsupported(UNSUPPORTED[n.name] ?? `expression ${JSON.stringify(this.src(n))}`);
    }
  }

  only(n: SyntaxNode, kids: SyntaxNode[]): SyntaxNode {
    if (kids.length !== 1) return this.fail(n, `unexpected ${JSON.stringify(this.src(n))}`);
    return kids[0]!;
  }

  number(n: SyntaxNode): number {
    const text = this.src(n).replace(/\s+/g, '');
    const sign = text.startsWith('-') ? -1 : 1;
    const body = text.replace(/^[+-]/, '');
    if (/^inf$/i.test(body)) return sign * Infinity;
    if (/^nan$/i.test(body)) return NaN;
    if (/^0x[0-9a-f]+$/i.test(body)) return sign * parseInt(body.slice(2), 16);
    if (DURATION.test(body)) return unsupported(`duration ${JSON.stringify(body)} as a number`);
    const v = Number(body);
    if (body === '' || Number.isNaN(v)) return this.fail(n, `bad number ${JSON.stringify(text)}`);
    return sign * v;
  }

  duration(n: SyntaxNode): number {
    const text = this.src(n);
    if (n.name !== 'DurationExpr' || !DURATION.test(text)) return unsupported(`range ${JSON.stringify(text)} (only a plain duration such as 5m)`);
    let ms = 0;
    for (const m of text.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)) ms += Number(m[1]) * UNIT_MS[m[2]!]!;
    if (ms <= 0) return this.fail(n, 'duration must be greater than 0');
    return ms;
  }

  string(n: SyntaxNode): string {
    const raw = this.src(n);
    const q = raw[0];
    if (q === '`') return raw.slice(1, -1);
    let out = '';
    for (let i = 1; i < raw.length - 1; i++) {
      const ch = raw[i]!;
      if (ch !== '\\') { out += ch; continue; }
      const e = raw[++i] ?? '';
      if (e === 'x' || e === 'u' || e === 'U') {
        const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = raw.slice(i + 1, i + 1 + len);
        if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) this.fail(n, `bad escape \\${e}${hex}`);
        out += String.fromCodePoint(parseInt(hex, 16));
        i += len;
      } else if (ESCAPES[e] !== undefined) out += ESCAPES[e];
      else this.fail(n, `unknown escape sequence \\${e}`);
    }
    return out;
  }

  labelName(n: SyntaxNode): string {
    if (n.name === 'LabelName') return this.src(n);
    const lit = n.firstChild;
    if (n.name === 'QuotedLabelName' && lit) return this.string(lit);
    return this.fail(n, `expected a label name, got ${JSON.stringify(this.src(n))}`);
  }

  selector(n: SyntaxNode, kids: SyntaxNode[]): LabelMatcher[] {
    const matchers: LabelMatcher[] = [];
    for (const k of kids) {
      if (k.name === 'Identifier') matchers.push(labelMatcher('__name__', '=', this.src(k)));
      else if (k.name === 'LabelMatchers') {
        for (const m of this.children(k)) {
          if (m.name === 'QuotedLabelName') { matchers.push(labelMatcher('__name__', '=', this.labelName(m))); continue; }
          const [name, op, value] = this.children(m);
          const matchOp = op?.firstChild ? MATCH_OPS[op.firstChild.name] : undefined;
          if (!name || !matchOp || !value) return this.fail(m, `unexpected ${JSON.stringify(this.src(m))} in label matching`);
          matchers.push(labelMatcher(this.labelName(name), matchOp, this.string(value)));
        }
      } else this.fail(k, `unexpected ${JSON.stringify(this.src(k))}`);
    }
    if (matchers.filter((m) => m.name === '__name__').length > 1 && kids.some((k) => k.name === 'Identifier')) {
      this.fail(n, 'metric name must not be set twice');
    }
    if (!matchers.some((m) => !m.test(''))) this.fail(n, 'vector selector must contain at least one non-empty matcher');
    return matchers;
  }

  args(body: SyntaxNode | undefined): Expr[] {
    return body ? this.children(body).map((a) => this.expr(a)) : [];
  }

  expect(n: SyntaxNode, e: Expr, want: ValueType, where: string): Expr {
    const got = typeOf(e);
    if (got !== want) this.fail(n, `expected type ${TYPE_NAMES[want]} in ${where}, got ${TYPE_NAMES[got]}`);
    return e;
  }

  call(n: SyntaxNode, kids: SyntaxNode[]): Expr {
    const [id, body] = kids;
    const name = id ? this.src(id) : '';
    const args = this.args(body);
    const where = `call to function ${JSON.stringify(name)}`;
    const arity = (k: number) => {
      if (args.length !== k) this.fail(n, `expected ${k} argument(s) in ${where}, got ${args.length}`);
    };
    if ((RANGE_FUNCTIONS as readonly string[]).includes(name)) {
      arity(1);
      const arg = this.expect(n, args[0]!, 'matrix', where) as Expr & { kind: 'range' };
      return { kind: 'call', fn: name as RangeFunction, arg };
    }
    if (name === 'quantile_over_time' || name === 'histogram_quantile') {
      arity(2);
      const q = this.expect(n, args[0]!, 'scalar', where);
      if (name === 'histogram_quantile') return { kind: 'histogram_quantile', q, arg: this.expect(n, args[1]!, 'vector', where) };
      return { kind: 'quantile_over_time', q, arg: this.expect(n, args[1]!, 'matrix', where) as Expr & { kind: 'range' } };
    }
    return unsupported(`function ${JSON.stringify(name)}`);
  }

  aggregate(n: SyntaxNode, kids: SyntaxNode[]): Expr {
    const op = kids.find((k) => k.name === 'AggregateOp');
    const name = op ? this.src(op) : '';
    if (!AGGREGATES.has(name)) return unsupported(`aggregation ${JSON.stringify(name)}`);
    const modifier = kids.find((k) => k.name === 'AggregateModifier');
    const without = modifier?.firstChild?.name === 'Without';
    const grouping = modifier ? this.children(modifier).find((k) => k.name === 'GroupingLabels') : undefined;
    const labels = grouping ? this.children(grouping).map((l) => this.labelName(l)) : [];
    const args = this.args(kids.find((k) => k.name === 'FunctionCallBody'));
    const where = `aggregation expression`;
    const withParam = name === 'topk' || name === 'bottomk';
    if (args.length !== (withParam ? 2 : 1)) this.fail(n, `wrong number of arguments for aggregate expression provided, expected ${withParam ? 2 : 1}, got ${args.length}`);
    const param = withParam ? this.expect(n, args[0]!, 'scalar', where) : null;
    const arg = this.expect(n, args[withParam ? 1 : 0]!, 'vector', where);
    return { kind: 'aggregate', op: name as AggregateOp, without, labels, param, arg };
  }

  binary(n: SyntaxNode, kids: SyntaxNode[]): Expr {
    const [lhsNode, opNode, ...rest] = kids;
    const op = opNode ? OPS[opNode.name] : undefined;
    if (!lhsNode || !opNode || !op) return unsupported(`binary operator ${JSON.stringify(opNode ? this.src(opNode) : '?')}`);
    const modifiers = rest.slice(0, -1);
    for (const m of modifiers) if (m.name !== 'BoolModifier') unsupported(UNSUPPORTED[m.name] ?? `modifier ${JSON.stringify(this.src(m))}`);
    const bool = modifiers.length > 0;
    const lhs = this.expr(lhsNode);
    const rhs = this.expr(rest[rest.length - 1]!);
    for (const side of [lhs, rhs]) {
      if (typeOf(side) === 'matrix') this.fail(n, 'binary expression must contain only scalar and instant vector types');
    }
    const comparison = !['+', '-', '*', '/', '%', '^'].includes(op);
    const scalars = typeOf(lhs) === 'scalar' && typeOf(rhs) === 'scalar';
    if (comparison && scalars && !bool) this.fail(n, 'comparisons between scalars must use BOOL modifier');
    if (bool && !comparison) this.fail(n, 'bool modifier can only be used on comparison operators');
    return { kind: 'binary', op, bool, lhs, rhs };
  }
}

/** The first syntax error of a lezer tree, if any. */
function firstError(top: SyntaxNode): SyntaxNode | null {
  const cursor = top.cursor();
  do if (cursor.type.isError) return cursor.node;
  while (cursor.next());
  return null;
}

/**
 * Parses a PromQL query with Prometheus's own grammar (@prometheus-io/lezer-promql) into the subset
 * Fleetwatch evaluates. Syntax errors and what the subset lacks throw BadQuery (bad_data).
 */
export function parsePromql(query: string): Expr {
  if (query.trim() === '') throw new BadQuery('1:1: parse error: no expression found in input');
  const top = parser.parse(query).topNode;
  const err = firstError(top);
  const w = new Walker(query);
  if (err) {
    const near = query.slice(err.from, err.to);
    w.fail(err, near ? `unexpected ${JSON.stringify(near)}` : err.from >= query.length ? 'unexpected end of input' : `unexpected character ${JSON.stringify(query[err.from])}`);
  }
  return w.expr(w.only(top, w.children(top)));
}

/** A plain vector selector (match[] of /series and the label endpoints) into its matchers. */
export function parseSelector(query: string): LabelMatcher[] {
  const e = parsePromql(query);
  if (e.kind !== 'selector') throw new BadQuery(`invalid parameter "match[]": ${JSON.stringify(query)} is not a vector selector`);
  return e.matchers;
}
