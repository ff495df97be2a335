import type { ReactNode } from 'react';

/** A polite loading line for screen readers and eyes. */
export function Loading({ what = 'data' }: { what?: string }) {
  return (
    <p role="status" className="p-4 text-sm text-slate-600 dark:text-slate-400">
      Loading {what}…
    </p>
  );
}

/** The message of a failed query. */
export function ErrorBox({ error }: { error: unknown }) {
  const msg = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="m-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {msg}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="p-4 text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}

/** A titled panel. */
export function Panel({ title, actions, children, className = '' }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
