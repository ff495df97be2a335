import { useState } from 'react';
import { useAddNote, useIncidentTimeline } from '../../api/incident-response';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { NoteForm } from './note-form';
import { eventView, type EventView } from './timeline-events';

const TONE: Record<EventView['tone'], string> = {
  bad: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  good: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  info: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
  muted: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

/**
 * Everything that happened to the incident, oldest first: triggered, each notification and callback
 * (from the outbox), acknowledgements, notes, silences, resolved; and a form to add a note. Notes and
 * every other text are React text nodes, never HTML.
 */
export function IncidentEvents({ id, nameOf }: { id: number; nameOf: (id: number) => string | undefined }) {
  const timeline = useIncidentTimeline(id);
  const add = useAddNote(id);
  const [form, setForm] = useState(0);
  return (
    <Panel title="Timeline">
      {timeline.isPending && <Loading what="timeline" />}
      {timeline.error && <ErrorBox error={timeline.error} />}
      {timeline.data?.length === 0 && <Empty>Nothing recorded yet.</Empty>}
      {!!timeline.data?.length && (
        <ol aria-label="Timeline of the incident" className="mb-3 space-y-2">
          {timeline.data.map((e, i) => {
            const v = eventView(e, nameOf);
            return (
              <li key={`${e.kind}-${e.at}-${i}`} className="flex gap-2 text-sm">
                <span aria-hidden="true" className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs ${TONE[v.tone]}`}>
                  {v.icon}
                </span>
                <div className="min-w-0">
                  <p>
                    <time className="mr-2 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400" dateTime={new Date(e.at * 1000).toISOString()}>
                      {formatTime(e.at)} UTC
                    </time>
                    <span className="font-medium break-words">{v.title}</span>
                  </p>
                  {v.detail && <p className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">{v.detail}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <NoteForm key={form} pending={add.isPending} error={add.error} onSubmit={(n) => add.mutate(n, { onSuccess: () => setForm((k) => k + 1) })} />
    </Panel>
  );
}
