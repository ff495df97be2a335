import { Button } from './button';

/** "Rows a-b of n" with Newer/Older buttons for a list the API pages (newest first). */
export function Pager({ page, size, count, onPage, noun = 'messages' }: { page: number; size: number; count: number; onPage: (p: number) => void; noun?: string }) {
  const last = Math.max(0, Math.ceil(count / size) - 1);
  const first = count === 0 ? 0 : page * size + 1;
  return (
    <nav aria-label={`Pages of ${noun}`} className="my-1 flex flex-wrap items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
      <span role="status">
        {first}–{Math.min(count, (page + 1) * size)} of {count.toLocaleString('en')} {noun}
      </span>
      <Button variant="ghost" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        ← Previous
      </Button>
      <Button variant="ghost" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next →
      </Button>
    </nav>
  );
}
