import { useSetAcknowledged } from '../../api/incident-response';
import { Button } from '../../components/ui/button';

// A phone's thumb needs a target of about 44 px: the incident page's button is that tall on every
// screen, a row's from the sm breakpoint down (where the table scrolls and rows are tapped).
const SIZE = { page: 'min-h-11 px-5 text-base', row: 'min-h-11 sm:min-h-0' } as const;

/**
 * Acknowledge (or un-acknowledge) an open incident in one tap. Any signed-in user may; the service
 * refuses it on an incident that ended meanwhile, and the refusal shows beside the button.
 */
export function AckButton({
  history: h,
  size = 'page',
  focusOnMount = false,
}: {
  history: { id: number; subject: string; end: number | null; acknowledged_by: number | null };
  size?: keyof typeof SIZE;
  /** Focus the button on mount (the page was opened to acknowledge). */
  focusOnMount?: boolean;
}) {
  const set = useSetAcknowledged();
  if (h.end !== null) return null;
  const acked = h.acknowledged_by !== null;
  const what = h.subject || `incident ${h.id}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant={acked ? 'secondary' : 'primary'}
        className={SIZE[size]}
        disabled={set.isPending}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the page was opened from an Acknowledge link: this button is why the reader came.
        autoFocus={focusOnMount}
        aria-label={size === 'row' ? `${acked ? 'Un-acknowledge' : 'Acknowledge'} ${what}` : undefined}
        onClick={() => set.mutate({ id: h.id, on: !acked })}
      >
        {set.isPending ? 'Saving…' : acked ? 'Un-acknowledge' : 'Acknowledge'}
      </Button>
      {set.error && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {set.error.message}
        </span>
      )}
    </span>
  );
}
