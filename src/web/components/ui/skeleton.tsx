/** Grey pulsing lines standing in for content that is on its way (hidden from screen readers). */
export function Skeleton({ lines = 4, className = '' }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden data-skeleton className={`space-y-2 ${className}`}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="h-4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" style={{ width: `${92 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
