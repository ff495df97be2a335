/** A server as the picker shows it. */
export interface PickServer {
  id: number;
  hostname: string;
  nickname?: string;
}

/** The name a person reads: the nickname, else the hostname. */
export const pickName = (s: PickServer) => s.nickname || s.hostname;

/** Servers whose hostname or nickname contains `q` (case-insensitive), by name; all for an empty `q`. */
export function matchServers<S extends PickServer>(servers: readonly S[], q: string): S[] {
  const needle = q.trim().toLowerCase();
  const out = needle ? servers.filter((s) => `${s.hostname} ${s.nickname ?? ''}`.toLowerCase().includes(needle)) : [...servers];
  return out.sort((a, b) => pickName(a).localeCompare(pickName(b)));
}

/** The selection with `ids` added (only ids of known servers) or removed; sorted, without repeats. */
export function withIds(selected: readonly number[], ids: readonly number[], on: boolean, known: ReadonlySet<number>): number[] {
  const next = new Set(selected);
  for (const id of ids) {
    if (!on) next.delete(id);
    else if (known.has(id)) next.add(id);
  }
  return [...next].sort((a, b) => a - b);
}
