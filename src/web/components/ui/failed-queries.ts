import type { Query, QueryClient } from '@tanstack/react-query';

/** A query whose last fetch failed while a mounted component still reads it. */
export const isFailedActive = (q: Query) => q.state.status === 'error' && q.getObserversCount() > 0;

/** How many failed queries are on screen now (what the page-wide error state counts). */
export function countFailed(qc: QueryClient): number {
  return qc.getQueryCache().findAll({ predicate: isFailedActive }).length;
}

/** Fetches again every failed query that is on screen (the Retry of every error state). */
export function retryFailed(qc: QueryClient): Promise<void> {
  return qc.refetchQueries({ predicate: isFailedActive });
}

// Error boxes a page shows itself: while one is on screen, the layout's page-wide banner stays away
// so a failure is announced once, next to what it broke.
let shownBoxes = 0;
const listeners = new Set<() => void>();

/** Registers an error box with a Retry button as on screen; returns its unregister. */
export function trackErrorBox(): () => void {
  shownBoxes++;
  listeners.forEach((l) => l());
  return () => {
    shownBoxes--;
    listeners.forEach((l) => l());
  };
}

/** The store of shown error boxes, for useSyncExternalStore. */
export const errorBoxes = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  count: () => shownBoxes,
};
