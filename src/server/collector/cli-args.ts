/** The collector's options that take a value. */
const VALUE_OPTIONS = new Set(['--url', '--email', '--key', '--guid-file', '--state-dir', '--statsd-port', '--interval', '--hostname']);

/**
 * `--key -Xy...` as `--key=-Xy...`: an API key is base64url and starts with '-' one time in 64, which
 * parseArgs would read as another option ("argument is ambiguous").
 */
export function joinOptionValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1];
    if (VALUE_OPTIONS.has(a) && next !== undefined && next.startsWith('-') && !VALUE_OPTIONS.has(next) && next !== '--help' && next !== '-h') {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}
