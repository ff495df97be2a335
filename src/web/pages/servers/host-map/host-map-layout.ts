/** What the map groups servers by (`none`: one group). */
export const GROUP_BYS = ['tag', 'set', 'os', 'none'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** A server as the map needs it. */
export interface MapServer {
  id: number;
  name: string;
  os: string;
}

/** A group of the map: its label and its servers in drawing order. */
export interface MapGroup {
  label: string;
  ids: number[];
}

/**
 * Servers per group. A server in several tags (or sets) shows in each; one in none shows under
 * "No tag" ("No set"), last. Groups are sorted by label, servers by name then id.
 */
export function groupServers(servers: readonly MapServer[], by: GroupBy, memberships: readonly { name: string; servers: readonly number[] }[] = []): MapGroup[] {
  const byName = [...servers].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  if (by === 'none') return [{ label: 'All servers', ids: byName.map((s) => s.id) }];
  if (by === 'os') {
    const m = new Map<string, number[]>();
    for (const s of byName) (m.get(s.os) ?? m.set(s.os, []).get(s.os)!).push(s.id);
    return [...m].sort((a, b) => a[0].localeCompare(b[0])).map(([label, ids]) => ({ label, ids }));
  }
  const order = new Map(byName.map((s, i) => [s.id, i]));
  const seen = new Set<number>();
  const groups = [...memberships]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((g) => {
      const ids = g.servers.filter((id) => order.has(id)).sort((a, b) => order.get(a)! - order.get(b)!);
      for (const id of ids) seen.add(id);
      return { label: g.name, ids };
    })
    .filter((g) => g.ids.length > 0);
  const rest = byName.filter((s) => !seen.has(s.id)).map((s) => s.id);
  return rest.length ? [...groups, { label: by === 'tag' ? 'No tag' : 'No set', ids: rest }] : groups;
}

/**
 * Cell spans (1-3 units a side) from a size figure: by tercile of the known values (at or above the
 * upper tercile 3, the middle 2), so a skewed fleet still shows three sizes. The smallest value,
 * unknown figures and a fleet where all are equal give 1.
 */
export function spansOf(values: ReadonlyMap<number, number | null>): Map<number, number> {
  const known = [...values.values()].filter((v): v is number => v !== null).sort((a, b) => a - b);
  const min = known[0] ?? 0;
  const cut1 = known[Math.floor(known.length / 3)] ?? 0;
  const cut2 = known[Math.floor((2 * known.length) / 3)] ?? 0;
  const span = (v: number | null) => (v === null || v <= min ? 1 : v >= cut2 ? 3 : v >= cut1 ? 2 : 1);
  return new Map([...values].map(([id, v]) => [id, span(v)]));
}

/** A drawn cell: the server, its group, its rectangle in CSS pixels. */
export interface Cell {
  id: number;
  group: number;
  x: number;
  y: number;
  size: number;
}

export interface MapLayout {
  cells: Cell[];
  headers: { label: string; count: number; y: number }[];
  height: number;
  width: number;
  pitch: number;
}

/** Sizes of the layout in CSS pixels. */
export const GEOMETRY = { pitch: 16, gap: 2, header: 22, groupGap: 10 } as const;

/**
 * Packs each group's cells into a grid of `pitch`-pixel units under a header line: larger cells
 * first, each at the first free position scanning rows top to bottom (the holes big cells leave
 * are filled by small ones). Groups are stacked vertically.
 */
export function layoutMap(groups: readonly MapGroup[], spans: ReadonlyMap<number, number>, width: number): MapLayout {
  const { pitch, header, groupGap } = GEOMETRY;
  const cols = Math.max(3, Math.floor(width / pitch));
  const cells: Cell[] = [];
  const headers: MapLayout['headers'] = [];
  let y = 0;
  groups.forEach((g, gi) => {
    headers.push({ label: g.label, count: g.ids.length, y });
    y += header;
    const ordered = [...g.ids].sort((a, b) => (spans.get(b) ?? 1) - (spans.get(a) ?? 1));
    const rows: Uint8Array[] = [];
    const free = (r: number, c: number, k: number) => {
      if (c + k > cols) return false;
      for (let i = r; i < r + k; i++) for (let j = c; j < c + k; j++) if (rows[i]?.[j]) return false;
      return true;
    };
    let firstFree = 0; // every unit before this index (row-major) is taken
    // Where a k-sized cell was last placed: the grid only fills, so no k-cell fits before it again
    // (without this, a hole too small for k would be rescanned for every k-cell: quadratic).
    const cursor = [0, 0, 0, 0];
    let used = 0;
    for (const id of ordered) {
      const k = spans.get(id) ?? 1;
      let at = Math.max(firstFree, cursor[k] ?? 0);
      while (!free(Math.floor(at / cols), at % cols, k)) at++;
      cursor[k] = at;
      const r = Math.floor(at / cols);
      const c = at % cols;
      for (let i = r; i < r + k; i++) {
        const row = (rows[i] ??= new Uint8Array(cols));
        row.fill(1, c, c + k);
      }
      while (rows[Math.floor(firstFree / cols)]?.[firstFree % cols]) firstFree++;
      used = Math.max(used, r + k);
      cells.push({ id, group: gi, x: c * pitch, y: y + r * pitch, size: k * pitch - GEOMETRY.gap });
    }
    y += used * pitch + groupGap;
  });
  return { cells, headers, height: Math.max(y, pitch), width: cols * pitch, pitch };
}

/** A bucket grid over the cells: each pitch-sized square lists the cells overlapping it. */
export interface HitIndex {
  cols: number;
  pitch: number;
  buckets: Map<number, number[]>;
  cells: readonly Cell[];
}

/** Builds the hit-testing index once per layout, so a pointer move looks at one bucket instead of every cell. */
export function buildIndex(layout: MapLayout): HitIndex {
  const { pitch } = layout;
  const cols = Math.ceil(layout.width / pitch) + 1;
  const buckets = new Map<number, number[]>();
  layout.cells.forEach((c, i) => {
    for (let by = Math.floor(c.y / pitch); by <= Math.floor((c.y + c.size - 1) / pitch); by++) {
      for (let bx = Math.floor(c.x / pitch); bx <= Math.floor((c.x + c.size - 1) / pitch); bx++) {
        const k = by * cols + bx;
        (buckets.get(k) ?? buckets.set(k, []).get(k)!).push(i);
      }
    }
  });
  return { cols, pitch, buckets, cells: layout.cells };
}

/** The index of the cell under (x, y) in CSS pixels, or -1 (gaps, headers and outside count as none). */
export function hitTest(index: HitIndex, x: number, y: number): number {
  if (x < 0 || y < 0) return -1;
  const bx = Math.floor(x / index.pitch);
  if (bx >= index.cols) return -1;
  for (const i of index.buckets.get(Math.floor(y / index.pitch) * index.cols + bx) ?? []) {
    const c = index.cells[i]!;
    if (x >= c.x && x < c.x + c.size && y >= c.y && y < c.y + c.size) return i;
  }
  return -1;
}

/**
 * The cell a keyboard arrow moves to from cell `i`: left/right through the drawing order; up/down to
 * the nearest row of cells wholly above/below (crossing group headers), the closest one across.
 */
export function neighbour(cells: readonly Cell[], i: number, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'): number {
  if (cells.length === 0) return -1;
  if (key === 'ArrowLeft') return Math.max(0, i - 1);
  if (key === 'ArrowRight') return Math.min(cells.length - 1, i + 1);
  const c = cells[i]!;
  const cx = c.x + c.size / 2;
  let best = i;
  let bestDy = Infinity;
  let bestDx = Infinity;
  cells.forEach((o, j) => {
    const dy = key === 'ArrowDown' ? o.y - (c.y + c.size) : c.y - (o.y + o.size);
    if (dy < 0) return;
    const dx = Math.abs(o.x + o.size / 2 - cx);
    // Rows are `pitch` apart; any cell starting in the nearest row band wins over farther ones.
    if (dy < bestDy - 1 || (Math.abs(dy - bestDy) <= 1 && dx < bestDx)) {
      best = j;
      bestDy = dy;
      bestDx = dx;
    }
  });
  return best;
}
