import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import type { SecretState, SubscriberDraft } from './alert-draft';

const NOTES: Record<SecretState, string | null> = {
  none: null,
  new: null,
  kept: 'Secret set',
  replaced: 'Replaces the stored secret',
  removed: 'Secret will be removed',
  dropped: 'URL or credentials changed: enter the secret again to keep signing',
};

/**
 * A subscriber's HMAC signing secret. The stored secret is never shown (the API does not answer it):
 * "Secret set" stands for it, typing replaces it, Remove removes it, and saving untouched keeps it.
 */
export function SubscriberSecretField({ n, state, value, onChange }: { n: number; state: SecretState; value: SubscriberDraft; onChange: (patch: Partial<SubscriberDraft>) => void }) {
  const noteId = useId();
  const note = NOTES[state];
  return (
    <div className="space-y-1">
      {state !== 'removed' && (
        <input
          className={inputClass}
          type="password"
          autoComplete="new-password"
          aria-label={`Subscriber ${n} signing secret`}
          aria-describedby={note ? noteId : undefined}
          placeholder={state === 'kept' ? 'Type to replace' : 'Signing secret (optional)'}
          value={value.secret}
          onChange={(e) => onChange({ secret: e.target.value })}
        />
      )}
      {note && (
        <p id={noteId} className={`text-xs ${state === 'dropped' || state === 'removed' ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'}`}>
          {note}
        </p>
      )}
      {state === 'kept' && (
        <Button variant="ghost" onClick={() => onChange({ removeSecret: true })} aria-label={`Remove secret of subscriber ${n}`}>
          Remove secret
        </Button>
      )}
      {state === 'removed' && (
        <Button onClick={() => onChange({ removeSecret: false })} aria-label={`Keep secret of subscriber ${n}`}>
          Keep secret
        </Button>
      )}
      {state === 'replaced' && (
        <Button variant="ghost" onClick={() => onChange({ secret: '' })} aria-label={`Keep the stored secret of subscriber ${n}`}>
          Keep the stored secret
        </Button>
      )}
    </div>
  );
}
