/** One sample of a Prometheus text exposition. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A parsed exposition: each metric family's declared type and every sample. */
export interface PromText {
  types: Map<string, string>;
  samples: PromSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;

/**
 * Parses Prometheus text exposition 0.0.4 strictly enough for tests: a line that is neither a
 * comment, a blank nor a well-formed sample throws, quoting it.
 */
export function parsePromText(text: string): PromText {
  const types = new Map<string, string>();
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('#')) {
      const t = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (t) types.set(t[1]!, t[2]!);
      else if (!line.startsWith('# HELP ')) throw new Error(`bad comment line: ${line}`);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    let l: RegExpExecArray | null;
    while (LABEL.lastIndex < body.length && (l = LABEL.exec(body))) labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    if (LABEL.lastIndex !== body.length) throw new Error(`bad labels in line: ${line}`);
    // Prometheus parses values as Go's ParseFloat does: NaN and Inf in any case (prom-client writes `Nan`).
    const raw = m[3]!.toLowerCase();
    const value = raw === '+inf' || raw === 'inf' ? Infinity : raw === '-inf' ? -Infinity : raw === 'nan' ? NaN : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`bad value in line: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return { types, samples };
}

/** The value of the one sample of `name` whose labels include `labels` (summed when several match; 0 when none). */
export function sampleValue(p: PromText, name: string, labels: Record<string, string> = {}): number {
  return p.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);
}
