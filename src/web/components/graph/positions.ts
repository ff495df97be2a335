/** A node position in graph coordinates. */
export type Point = { x: number; y: number };
type Positions = Record<string, Point>;

const pointSchemaOk = (v: unknown): v is Point => !!v && typeof v === 'object' && Number.isFinite((v as Point).x) && Number.isFinite((v as Point).y);

/**
 * Saved node positions of a graph under `key` (which names the account too), so every visit draws
 * the same picture. localStorage: positions outlive the tab, as a person's mental map does.
 */
export function loadPositions(key: string | undefined, storage: Pick<Storage, 'getItem'> = localStorage): Positions {
  if (!key) return {};
  try {
    const raw: unknown = JSON.parse(storage.getItem(`fleetwatch.graph.${key}`) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    return Object.fromEntries(Object.entries(raw).filter(([, v]) => pointSchemaOk(v))) as Positions;
  } catch {
    return {};
  }
}

export function savePositions(key: string | undefined, positions: Positions, storage: Pick<Storage, 'setItem'> = localStorage): void {
  if (key) storage.setItem(`fleetwatch.graph.${key}`, JSON.stringify(positions));
}

/** Distance of a newcomer from the centre of its placed neighbours. */
const NEAR = 110;

/**
 * Positions for nodes new to a drawn graph: each beside its neighbours already placed (their centre,
 * pushed out along a golden-angle spiral so several newcomers around one node do not overlap, and
 * away from every placed node by at least NEAR/2). Newcomers without a placed neighbour get none (the
 * caller lays them out apart).
 */
export function placeNear(newcomers: readonly string[], neighbours: (id: string) => readonly string[], placed: Readonly<Positions>): Positions {
  const all: Positions = { ...placed };
  const out: Positions = {};
  newcomers.forEach((id, k) => {
    const ns = neighbours(id).map((n) => all[n]).filter(pointSchemaOk);
    if (ns.length === 0) return;
    const cx = ns.reduce((s, p) => s + p.x, 0) / ns.length;
    const cy = ns.reduce((s, p) => s + p.y, 0) / ns.length;
    for (let i = k; i < k + 64; i++) {
      const a = i * 2.399963;
      const r = NEAR * (1 + Math.floor((i - k) / 6) * 0.6);
      const p = { x: Math.round(cx + r * Math.cos(a)), y: Math.round(cy + r * Math.sin(a)) };
      if (Object.values(all).every((q) => Math.hypot(q.x - p.x, q.y - p.y) >= NEAR / 2)) {
        out[id] = all[id] = p;
        return;
      }
    }
  });
  return out;
}
