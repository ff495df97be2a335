import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { countFailed, errorBoxes, retryFailed } from './failed-queries';
import { ErrorPanel } from './status';

/**
 * The page-wide error state: when a request of the page failed and the page shows no error of its
 * own (a figure that would otherwise stay "–"), this says so with a Retry button. Lives in the layout.
 */
export function FailedRequestsBanner() {
  const qc = useQueryClient();
  const cache = qc.getQueryCache();
  const failed = useSyncExternalStore((l) => cache.subscribe(l), () => countFailed(qc));
  const boxes = useSyncExternalStore(errorBoxes.subscribe, errorBoxes.count);
  const [busy, setBusy] = useState(false);
  if (failed === 0 || boxes > 0) return null;
  const retry = () => {
    setBusy(true);
    void retryFailed(qc).finally(() => setBusy(false));
  };
  const what = failed === 1 ? 'A request of this page failed' : `${failed} requests of this page failed`;
  return <ErrorPanel message={`${what}, so some figures are missing.`} onRetry={retry} busy={busy} />;
}
