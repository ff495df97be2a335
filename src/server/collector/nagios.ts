import { spawn } from 'node:child_process';
import type { z } from 'zod';
import { POLLED_STATUSES, type PolledResult, type polledValue } from '../../shared/ingest';

/**
 * The polled-data command file, in the NRPE format: one command per line,
 *   command[<name>]=<command line>
 * Blank lines and lines starting with '#' are ignored; the command line runs under /bin/sh like NRPE's.
 */
export interface NagiosCommand {
  name: string;
  line: string;
}

export type PolledValue = z.input<typeof polledValue>;

/** Parses the NRPE-style command file; malformed lines are reported, not fatal. */
export function parseCommandFile(text: string): { commands: NagiosCommand[]; errors: string[] } {
  const commands: NagiosCommand[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^command\[([^\]]{1,256})\]\s*=\s*(.+)$/.exec(line);
    if (!m) return void errors.push(`line ${i + 1}: expected command[<name>]=<command line>, got "${line.slice(0, 80)}"`);
    const name = m[1]!.trim();
    if (seen.has(name)) return void errors.push(`line ${i + 1}: duplicate command name "${name}"`);
    seen.add(name);
    commands.push({ name, line: m[2]!.trim() });
  });
  return { commands, errors };
}

/** Exit code to status, by the plugin convention: 0 OK, 1 WARNING, 2 CRITICAL, 3 and anything else UNKNOWN. */
export function statusOf(code: number | null): PolledResult['status'] {
  return code !== null && code >= 0 && code <= 2 ? POLLED_STATUSES[code]! : 'UNKNOWN';
}

/** The numeric bound of a threshold, which may be a range ("10", "10:", "~:20", "@5:10"): its upper end if any. */
function threshold(s: string | undefined): number | undefined {
  if (!s) return undefined;
  const parts = s.replace(/^@/, '').split(':');
  for (const p of [parts[1], parts[0]]) {
    if (p !== undefined && p !== '' && p !== '~' && Number.isFinite(Number(p))) return Number(p);
  }
  return undefined;
}

/** Splits perfdata into items, honouring single-quoted labels ('' escapes a quote). */
function perfItems(text: string): string[] {
  const items: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      if (quoted && text[i + 1] === "'") {
        cur += "''";
        i++;
        continue;
      }
      quoted = !quoted;
      cur += ch;
    } else if (/\s/.test(ch) && !quoted) {
      if (cur) items.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) items.push(cur);
  return items;
}

/** Parses Nagios perfdata `label=value[UOM];warn;crit;min;max ...`; unknown ("U") or bad values are skipped. */
export function parsePerfdata(text: string): PolledValue[] {
  const out: PolledValue[] = [];
  for (const item of perfItems(text.trim())) {
    const eq = item.lastIndexOf('=');
    if (eq <= 0) continue;
    let label = item.slice(0, eq);
    if (label.startsWith("'") && label.endsWith("'") && label.length >= 2) label = label.slice(1, -1).replaceAll("''", "'");
    const [valueUom = '', warn, crit, min, max] = item.slice(eq + 1).split(';');
    const m = /^(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)([a-zA-Z%]*)$/.exec(valueUom);
    if (!m || !label) continue;
    const v: PolledValue = { name: label.slice(0, 256), value: Number(m[1]), unit: (m[2] || 'd').slice(0, 16) };
    const bounds = { warn: threshold(warn), crit: threshold(crit), min: threshold(min), max: threshold(max) };
    for (const [k, b] of Object.entries(bounds)) if (b !== undefined) v[k as 'warn'] = b;
    out.push(v);
  }
  return out;
}

/** Splits plugin output into its text (first line before '|') and all perfdata (first line and long output). */
export function parsePluginOutput(stdout: string): { text: string; values: PolledValue[] } {
  const lines = stdout.split(/\r?\n/);
  const [first = ''] = lines;
  const bar = first.indexOf('|');
  const text = (bar >= 0 ? first.slice(0, bar) : first).trim().slice(0, 4096);
  let perf = bar >= 0 ? first.slice(bar + 1) : '';
  // Long output: perfdata may continue after a '|' on a later line, and on every line after that.
  const rest = lines.slice(1).join('\n');
  const restBar = rest.indexOf('|');
  if (restBar >= 0) perf += ' ' + rest.slice(restBar + 1);
  return { text, values: parsePerfdata(perf) };
}

/** Runs one command under /bin/sh with a timeout (the process group is killed) and maps it to a polled result. */
export function runCommand(cmd: NagiosCommand, timeoutMs = 10_000, now = () => Math.floor(Date.now() / 1000)): Promise<PolledResult> {
  return new Promise((resolve) => {
    const time = now();
    const done = (status: PolledResult['status'], text: string, values: PolledValue[] = []) =>
      resolve({ name: cmd.name, command_name: cmd.name, command_line: cmd.line.slice(0, 4096), time, status, text: text.slice(0, 4096), values: values.map((v) => ({ unit: 'd', ...v })).slice(0, 256) });
    let stdout = '';
    let timedOut = false;
    const child = spawn('/bin/sh', ['-c', cmd.line], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 65_536) stdout += d.toString('utf8');
    });
    child.stderr.resume();
    child.on('error', (err) => {
      clearTimeout(timer);
      done('UNKNOWN', `cannot run: ${err.message}`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return done('UNKNOWN', `timed out after ${Math.round(timeoutMs / 1000)} s`);
      const out = parsePluginOutput(stdout);
      done(statusOf(code), out.text || `exit code ${code ?? 'none'}`, out.values);
    });
  });
}
