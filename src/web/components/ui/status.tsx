import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Button } from './button';
import { retryFailed, trackErrorBox } from './failed-queries';
import { Skeleton } from './skeleton';

/** What is loading, for screen readers, over a skeleton of grey lines for eyes. */
export function Loading({ what = 'data', lines = 4 }: { what?: string; lines?: number }) {
  return (
    <div role="status" className="p-2">
      <span className="sr-only">Loading {what}…</span>
      <Skeleton lines={lines} />
    </div>
  );
}

/**
 * The error state of a failed request: its message and a Retry button. By default Retry fetches
 * again every failed query on screen; `retry={false}` is for a failed action (a save, a delete),
 * which the person repeats with the action's own button.
 */
export function ErrorBox({ error, retry }: { error: unknown; retry?: false | (() => unknown) }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const msg = error instanceof Error ? error.message : String(error);
  const counted = retry !== false;
  // Before paint, so the page-wide banner never flashes over a page about to show its own error.
  useLayoutEffect(() => (counted ? trackErrorBox() : undefined), [counted]);
  async function again() {
    setBusy(true);
    try {
      await (retry ? retry() : retryFailed(qc));
    } finally {
      setBusy(false);
    }
  }
  return <ErrorPanel message={msg} onRetry={retry === false ? undefined : again} busy={busy} />;
}

/** The look of an error state; `onRetry` adds the Retry button. */
export function ErrorPanel({ message, onRetry, busy = false }: { message: ReactNode; onRetry?: () => void; busy?: boolean }) {
  return (
    <div role="alert" className="m-2 flex flex-wrap items-center gap-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      <p className="min-w-0 flex-1 break-words">{message}</p>
      {onRetry && (
        <Button onClick={onRetry} disabled={busy}>
          {busy ? 'Retrying…' : 'Retry'}
        </Button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="p-4 text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}

/** A titled panel. */
export function Panel({ title, actions, children, className = '' }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
