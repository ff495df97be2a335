import { AckButton } from './ack-button';
import { ackLine } from './timeline-events';

/** Who has the incident: "Acknowledged by … 5 min ago" (or that nobody has it yet), the one-tap button, and whether a silence held it back. */
export function AckBar({
  history: h,
  nameOf,
}: {
  history: { id: number; subject: string; end: number | null; acknowledged_by: number | null; acknowledged_at: number | null; silenced: boolean };
  nameOf: (id: number) => string | undefined;
}) {
  // eslint-disable-next-line react-hooks/purity -- "acknowledged 12 min ago" counts from the present at each render (the history refetches).
  const line = ackLine(h, Math.floor(Date.now() / 1000), nameOf);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <AckButton history={h} />
      <p role="status" className="text-sm">
        {line ?? (h.end === null ? 'Nobody has acknowledged this incident yet.' : 'Nobody acknowledged this incident.')}
      </p>
      {h.silenced && <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">Silenced: no e-mail, SMS or push</span>}
    </div>
  );
}
