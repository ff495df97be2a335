/** The collector's options that take a value. */
export const COLLECTOR_VALUE_OPTIONS = ['url', 'email', 'key', 'guid-file', 'state-dir', 'statsd-port', 'interval', 'hostname'];

/**
 * `--key -Xy...` as `--key=-Xy...`: an API key is base64url and starts with '-' one time in 64, which
 * parseArgs would read as another option ("argument is ambiguous"). `valueOptions`: the
 * names (without dashes) of the options that take a value.
 */
export function joinOptionValues(args: readonly string[], valueOptions: readonly string[] = COLLECTOR_VALUE_OPTIONS): string[] {
  const names = new Set(valueOptions.map((o) => `--${o}`));
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1];
    if (names.has(a) && next !== undefined && next.startsWith('-') && !names.has(next) && next !== '--help' && next !== '-h') {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}
