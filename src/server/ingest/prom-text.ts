/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (what node_exporter and every
 * Prometheus client serve): `# HELP` / `# TYPE` lines, other comments, and samples
 * `name{label="value",...} value [timestamp_ms]`. A line it cannot read is an error naming the line:
 * a half-understood scrape is refused whole rather than stored in part.
 */

export const METRIC_TYPES = ['counter', 'gauge', 'histogram', 'summary', 'untyped'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Milliseconds since the epoch, when the line carries one. */
  timestamp?: number;
}

export interface PromExposition {
  samples: PromSample[];
  /** Metric family name -> type, from `# TYPE` lines. */
  types: Map<string, MetricType>;
  /** Metric family name -> help text (unescaped), from `# HELP` lines. */
  help: Map<string, string>;
}

export class PromParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INT = /^-?\d+$/;

/**
 * A sample value: a decimal or exponent float, NaN, or +Inf/-Inf (also Inf, Infinity), as Go's ParseFloat
 * takes them, in any case (prom-client writes `Nan`).
 */
export function parseValue(text: string): number | null {
  switch (text.toLowerCase()) {
    case 'nan':
      return NaN;
    case '+inf':
    case 'inf':
    case '+infinity':
    case 'infinity':
      return Infinity;
    case '-inf':
    case '-infinity':
      return -Infinity;
  }
  return FLOAT.test(text) ? Number(text) : null;
}

function unescapeHelp(text: string): string {
  return text.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));
}

/** Parses one exposition body; throws PromParseError at the first line it cannot read. */
export function parsePromText(body: string): PromExposition {
  const out: PromExposition = { samples: [], types: new Map(), help: new Map() };
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      comment(line, n, out);
      continue;
    }
    out.samples.push(sample(line, n));
  }
  return out;
}

function comment(line: string, n: number, out: PromExposition): void {
  const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
  if (!m) return; // any other comment
  const [, kind, name, rest = ''] = m as unknown as [string, 'HELP' | 'TYPE', string, string | undefined];
  if (!METRIC_NAME.test(name) || METRIC_NAME.exec(name)![0] !== name) throw new PromParseError(n, `bad metric name in # ${kind}: ${name}`);
  if (kind === 'HELP') {
    out.help.set(name, unescapeHelp(rest));
    return;
  }
  const type = rest.trim();
  if (!(METRIC_TYPES as readonly string[]).includes(type)) throw new PromParseError(n, `unknown metric type "${type}" for ${name}`);
  if (out.types.has(name)) throw new PromParseError(n, `second # TYPE line for ${name}`);
  out.types.set(name, type as MetricType);
}

function sample(line: string, n: number): PromSample {
  const fail = (why: string): never => {
    throw new PromParseError(n, why);
  };
  let pos = 0;
  const skipSpace = () => {
    while (line[pos] === ' ' || line[pos] === '\t') pos++;
  };
  skipSpace();
  const nameMatch = METRIC_NAME.exec(line.slice(pos));
  if (!nameMatch) fail(`expected a metric name: ${line}`);
  const name = nameMatch![0];
  pos += name.length;
  const labels: Record<string, string> = {};
  skipSpace();
  if (line[pos] === '{') {
    pos++;
    for (;;) {
      skipSpace();
      if (line[pos] === '}') break;
      const ln = LABEL_NAME.exec(line.slice(pos));
      if (!ln) fail(`expected a label name in ${name}{...}`);
      const label = ln![0];
      pos += label.length;
      skipSpace();
      if (line[pos] !== '=') fail(`expected = after label ${label}`);
      pos++;
      skipSpace();
      if (line[pos] !== '"') fail(`expected a quoted value for label ${label}`);
      pos++;
      let value = '';
      for (;;) {
        const c = line[pos];
        if (c === undefined) fail(`unterminated value of label ${label}`);
        pos++;
        if (c === '"') break;
        if (c === '\\') {
          const e = line[pos++];
          if (e === '\\') value += '\\';
          else if (e === '"') value += '"';
          else if (e === 'n') value += '\n';
          else fail(`bad escape \\${e ?? ''} in label ${label}`);
        } else value += c;
      }
      if (Object.hasOwn(labels, label)) fail(`label ${label} given twice`);
      // defineProperty: a label named __proto__ is a label like any other, never the object's prototype.
      Object.defineProperty(labels, label, { value, enumerable: true, writable: true, configurable: true });
      skipSpace();
      if (line[pos] === ',') {
        pos++;
        continue;
      }
      if (line[pos] !== '}') fail(`expected , or } after label ${label}`);
    }
    pos++;
  }
  const rest = line.slice(pos).trim().split(/[ \t]+/);
  if (rest.length === 0 || rest[0] === '') fail(`no value for ${name}`);
  if (rest.length > 2) fail(`unexpected text after the value of ${name}: ${rest.slice(2).join(' ')}`);
  const value = parseValue(rest[0]!);
  if (value === null) fail(`bad value "${rest[0]}" for ${name}`);
  const s: PromSample = { name, labels, value: value! };
  if (rest.length === 2) {
    if (!INT.test(rest[1]!)) fail(`bad timestamp "${rest[1]}" for ${name}`);
    const ts = Number(rest[1]);
    if (!Number.isSafeInteger(ts)) fail(`timestamp out of range for ${name}`);
    s.timestamp = ts;
  }
  return s;
}
