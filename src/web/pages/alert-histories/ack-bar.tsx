import { useSearchParams } from 'react-router';
import { AckButton } from './ack-button';
import { ackLine } from './timeline-events';

/**
 * Who has the incident: "Acknowledged by … 5 min ago" (or that nobody has it yet), the one-tap button, and whether a silence held it back.
 * Reached from a channel message's Acknowledge button (`?acknowledge=1`: a shared channel gets no one-click
 * token, docs/channels.md), an open, unacknowledged incident asks for that one tap with the button focused;
 * opening the page never acknowledges by itself.
 */
export function AckBar({
  history: h,
  nameOf,
}: {
  history: { id: number; subject: string; end: number | null; acknowledged_by: number | null; acknowledged_at: number | null; silenced: boolean };
  nameOf: (id: number) => string | undefined;
}) {
  // eslint-disable-next-line react-hooks/purity -- "acknowledged 12 min ago" counts from the present at each render (the history refetches).
  const line = ackLine(h, Math.floor(Date.now() / 1000), nameOf);
  const [params] = useSearchParams();
  const asked = params.get('acknowledge') === '1' && h.end === null && h.acknowledged_by === null;
  return (
    <div className={`flex flex-wrap items-center gap-3 ${asked ? 'rounded-lg bg-amber-50 p-3 ring-2 ring-amber-400 dark:bg-amber-950' : ''}`}>
      {asked && <p className="w-full text-sm font-medium">You followed an Acknowledge link: press Acknowledge to take this incident as yourself.</p>}
      <AckButton history={h} focusOnMount={asked} />
      <p role="status" className="text-sm">
        {line ?? (h.end === null ? 'Nobody has acknowledged this incident yet.' : 'Nobody acknowledged this incident.')}
      </p>
      {h.silenced && <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">Silenced: no e-mail, SMS or push</span>}
    </div>
  );
}
