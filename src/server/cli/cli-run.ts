/** Runs a CLI's main and exits with its code; an error is printed as one line, exit code 1. */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

/** Prints `table  rows` lines, aligned. */
export function printCounts(counts: Record<string, number>): void {
  const width = Math.max(0, ...Object.keys(counts).map((k) => k.length));
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${n}`);
}
