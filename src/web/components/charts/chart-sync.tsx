import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';

/** The time under the pointer (or the keyboard cursor) that every chart of a page draws its crosshair at. */
export interface ChartSync {
  get: () => number | null;
  set: (t: number | null) => void;
  subscribe: (l: () => void) => () => void;
}

/** A tiny store: charts subscribe to it instead of to React state, so a pointer move re-renders only the overlays. */
export function createChartSync(): ChartSync {
  let t: number | null = null;
  const ls = new Set<() => void>();
  return {
    get: () => t,
    set: (next) => {
      if (next === t) return;
      t = next;
      for (const l of ls) l();
    },
    subscribe: (l) => (ls.add(l), () => void ls.delete(l)),
  };
}

const Ctx = createContext<ChartSync | null>(null);

/** Shares one crosshair between the charts inside it (a page, a grid). */
export function ChartSyncProvider({ children }: { children: ReactNode }) {
  const [sync] = useState(createChartSync);
  return <Ctx.Provider value={sync}>{children}</Ctx.Provider>;
}

/** The page's crosshair store, or the chart's own when it stands alone. */
export function useChartSync(): ChartSync {
  const shared = useContext(Ctx);
  const [own] = useState(createChartSync);
  return shared ?? own;
}

/** The crosshair time of a store, re-rendering the caller when it moves. */
export const useSyncedTime = (s: ChartSync) => useSyncExternalStore(s.subscribe, s.get, s.get);
