/** A plain-text table: first column left-aligned, the others right-aligned. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('   ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('   '), ...rows.map(line)].join('\n');
}

export const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');
export const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
