import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { countFailed, errorBoxes, retryFailed } from './failed-queries';
import { ErrorPanel } from './status';

/**
 * The page-wide error state: when a request of the page failed and the page shows no error of its
 * own (a figure that would otherwise stay "–"), this says so with a Retry button. Lives in the layout.
 */
export function FailedRequestsBanner() {
  const qc = useQueryClient();
  const cache = qc.getQueryCache();
  const subscribe = useCallback((l: () => void) => cache.subscribe(notifyManager.batchCalls(l)), [cache]);
  const failed = useSyncExternalStore(subscribe, () => countFailed(qc));
  const boxes = useSyncExternalStore(errorBoxes.subscribe, errorBoxes.count);
  const [busy, setBusy] = useState(false);
  const wanted = failed > 0 && boxes === 0;
  // The cache reports a failure a render before the page draws its own error box: waiting a moment
  // keeps the banner from flashing over a page that is about to show the error itself.
  const [settled, setSettled] = useState(false);
  const [wasWanted, setWasWanted] = useState(wanted);
  if (wasWanted !== wanted) {
    setWasWanted(wanted);
    setSettled(false);
  }
  useEffect(() => {
    if (!wanted) return;
    const t = setTimeout(() => setSettled(true), 100);
    return () => clearTimeout(t);
  }, [wanted]);
  if (!wanted || !settled) return null;
  const retry = () => {
    setBusy(true);
    void retryFailed(qc).finally(() => setBusy(false));
  };
  const what = failed === 1 ? 'A request of this page failed' : `${failed} requests of this page failed`;
  return <ErrorPanel message={`${what}, so some figures are missing.`} onRetry={retry} busy={busy} />;
}
