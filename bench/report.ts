// The summary every bench prints at its end: a markdown table of its figures with a caption (date,
// machine, load), in the shape docs/benchmarks.md keeps, so a maintainer pastes it or runs the bench
// with `--write-docs` to rewrite the block between the bench's marker comments in that file.
import { cpus, loadavg } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Records one figure of the current column: a row label, its value as printed, the goal it is read against. */
export type Figure = (row: string, value: string, goal?: string) => void;

/** The figures of one bench run: rows in the order first added, one column per store or peer. */
export class Report {
  private readonly rows = new Map<string, { cells: Map<string, string>; goals: Map<string, string> }>();
  private readonly notes: string[] = [];

  constructor(readonly name: string, readonly columns: string[]) {}

  /** A figure recorder bound to one column. */
  column(column: string): Figure {
    if (!this.columns.includes(column)) throw new Error(`report ${this.name} has no column "${column}"`);
    return (row, value, goal) => {
      const r = this.rows.get(row) ?? { cells: new Map<string, string>(), goals: new Map<string, string>() };
      r.cells.set(column, value);
      if (goal !== undefined) r.goals.set(column, goal);
      this.rows.set(row, r);
    };
  }

  /** A sentence for the caption (a load average, a skipped store). */
  note(text: string): void {
    this.notes.push(text);
  }

  /**
   * The caption and the table. Columns without any figure (a store not run) are left out; the goal
   * column appears when a row has a goal, naming the column when two columns' goals differ.
   */
  markdown(caption: string): string {
    const used = this.columns.filter((c) => [...this.rows.values()].some((r) => r.cells.has(c)));
    const anyGoal = [...this.rows.values()].some((r) => r.goals.size > 0);
    const goalOf = (goals: Map<string, string>) => {
      const distinct = new Set(used.flatMap((c) => (goals.has(c) ? [goals.get(c)!] : [])));
      if (distinct.size <= 1) return [...distinct][0] ?? '';
      return used.flatMap((c) => (goals.has(c) ? [`${goals.get(c)!} (${c})`] : [])).join(', ');
    };
    const body = [...this.rows.entries()].map(([row, r]) => [row, ...used.map((c) => r.cells.get(c) ?? '-'), ...(anyGoal ? [goalOf(r.goals)] : [])]);
    const text = [caption, ...this.notes].join(' ');
    return `${text}\n\n${markdownTable(['', ...used, ...(anyGoal ? ['goal'] : [])], body)}`;
  }
}

/** A GitHub markdown table; `|` in a cell is escaped, leading spaces of a label become an indent mark. */
export function markdownTable(head: string[], rows: string[][]): string {
  const cell = (x: string) => x.replace(/\|/g, '\\|').replace(/^ +/, (s) => '↳ '.repeat(Math.max(1, s.length / 2)));
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

const marker = (name: string) => [`<!-- bench:${name} -->`, `<!-- /bench:${name} -->`] as const;

/** `doc` with the text between the bench's two marker comments replaced by `block`; throws without them. */
export function replaceBlock(doc: string, name: string, block: string): string {
  const [open, close] = marker(name);
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) throw new Error(`markers ${open} ... ${close} not found in order`);
  return `${doc.slice(0, a + open.length)}\n${block}\n${doc.slice(b)}`;
}

/** Today's date and this machine, for a caption: "2026-11-26, 2 cores (model), Node v20.x". */
export function machine(): string {
  const c = cpus();
  return `${new Date().toISOString().slice(0, 10)}, ${c.length} cores (${c[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} at the end`;
}

export const DOCS = resolve(import.meta.dirname, '../docs/benchmarks.md');

/** Prints the summary; with `--write-docs` on the command line also rewrites its block in docs/benchmarks.md. */
export function publish(report: Report, caption: string, argv: string[] = process.argv): void {
  const block = report.markdown(caption);
  console.log(`\nsummary for docs/benchmarks.md (between <!-- bench:${report.name} --> markers):\n\n${block}\n`);
  if (!argv.includes('--write-docs')) return;
  writeFileSync(DOCS, replaceBlock(readFileSync(DOCS, 'utf8'), report.name, block));
  console.log(`wrote the ${report.name} table into ${DOCS}`);
}
