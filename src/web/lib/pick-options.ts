/**
 * Options of the pickers (alert targets, settings, correlate): what a person reads is a name, never an
 * id. Items that live on a server are named with it and grouped by it, sorted by server then name.
 */

/** One option of a select: the value sent, the text read, and the group (a server's name) it sits in. */
export interface PickOption {
  value: string;
  label: string;
  group?: string;
}

/** Server names by id (nickname, else hostname), as `choicesOf` gives them. */
export type ServerNames = ReadonlyMap<number, string>;

/** Read where a server is not (yet) in the fleet list: never its bare id. */
export const UNKNOWN_SERVER = 'unknown server';

const LOG_TYPE_NAMES: Record<string, string> = { FILE: 'File', SYSLOG: 'Syslog', EVENTLOG: 'Event log', AFURL: 'URL requests', AFSQL: 'SQL statements' };

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
/** Grouped options by group (ungrouped first), then by label. */
const sorted = (options: PickOption[]) => options.sort((a, b) => byText(a.group ?? '', b.group ?? '') || byText(a.label, b.label));
const nameIn = (names: ServerNames, id: number, fallback?: string) => names.get(id) ?? fallback ?? UNKNOWN_SERVER;

/** The name a person reads for a server: its nickname, else its hostname. */
export const serverName = (s: { hostname: string; nickname?: string | null }) => s.nickname || s.hostname;

/** Servers by name. */
export function serverOptions(servers: readonly { id: number; hostname: string; nickname?: string | null }[]): PickOption[] {
  return sorted(servers.map((s) => ({ value: String(s.id), label: serverName(s) })));
}

/** A log's kind for people: "File", "Syslog", "Event log". */
export const logTypeName = (t: string) => LOG_TYPE_NAMES[t] ?? t;

/** A log as read in a picker: "File /var/log/nginx/error.log on web-01". */
export function logLabel(l: { server_id: number; source_type: string; source: string }, names: ServerNames): string {
  return `${logTypeName(l.source_type)} ${l.source} on ${nameIn(names, l.server_id)}`;
}

/** Logs grouped by their server, by path within it. */
export function logOptions(logs: readonly { id: number; server_id: number; source_type: string; source: string }[], names: ServerNames): PickOption[] {
  return sorted(logs.map((l) => ({ value: String(l.id), label: logLabel(l, names), group: nameIn(names, l.server_id) })));
}

/** Polled checks ("check_disk on db-01") grouped by their server; the check's own hostname until the fleet loads. */
export function polledOptions(items: readonly { id: number; name: string; server_id: number; server_hostname?: string }[], names: ServerNames): PickOption[] {
  return sorted(
    items.map((i) => {
      const server = nameIn(names, i.server_id, i.server_hostname);
      return { value: String(i.id), label: `${i.name} on ${server}`, group: server };
    }),
  );
}

/** Applications by name, with the servers they run on ("shop (web-01, web-02)"; "shop (5 servers)" past three). */
export function applicationOptions(apps: readonly { id: number; name: string; servers: readonly number[] }[], names: ServerNames): PickOption[] {
  return sorted(
    apps.map((a) => {
      const on = a.servers.length > 3 ? `${a.servers.length} servers` : a.servers.map((id) => nameIn(names, id)).join(', ');
      return { value: String(a.id), label: on ? `${a.name} (${on})` : a.name };
    }),
  );
}

/** Server tags or sets by name, with how many servers each holds ("app (6 servers)"). */
export function groupOptions(groups: readonly { id: number; name: string; servers: readonly number[] }[]): PickOption[] {
  return sorted(groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.servers.length === 1 ? '1 server' : `${g.servers.length} servers`})` })));
}

/** A server's processes by name, then pid ("java (pid 4312)"); `value` makes each option's value. */
export function processOptions<P extends { name: string; pid: number | string }>(procs: readonly P[], value: (p: P) => string): PickOption[] {
  return [...procs].sort((a, b) => byText(a.name, b.name) || Number(a.pid) - Number(b.pid)).map((p) => ({ value: value(p), label: `${p.name} (pid ${p.pid})` }));
}

/**
 * The options whose label or group contains every word of `q` (case-insensitive), so "error web-02"
 * finds web-02's error log; the chosen option (`keep`) always stays, so the select never shows another.
 */
export function filterOptions(options: readonly PickOption[], q: string, keep = ''): PickOption[] {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => o.value === keep || words.every((w) => `${o.label} ${o.group ?? ''}`.toLowerCase().includes(w)));
}

/** Consecutive options of one group together, in order: what `<optgroup>`s show (group '' for the ungrouped). */
export function inGroups(options: readonly PickOption[]): { group: string; options: PickOption[] }[] {
  const out: { group: string; options: PickOption[] }[] = [];
  for (const o of options) {
    const g = o.group ?? '';
    const last = out[out.length - 1];
    if (last && last.group === g) last.options.push(o);
    else out.push({ group: g, options: [o] });
  }
  return out;
}
