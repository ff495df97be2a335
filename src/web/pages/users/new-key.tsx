import { useState, useSyncExternalStore } from 'react';
import type { ShownKey } from '../../api/users';
import { Button } from '../../components/ui/button';
import { Panel } from '../../components/ui/status';

// The key just created or rotated, in memory only: the service never answers it again, and leaving
// the page (or dismissing it) forgets it here too.
let shown: ShownKey | null = null;
const listeners = new Set<() => void>();

/** Shows a key once (null hides it). */
export function showKey(k: ShownKey | null): void {
  shown = k;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** The key to show, with a copy button, and the warning that it is the only time. */
export function NewKeyPanel() {
  const k = useSyncExternalStore(subscribe, () => shown);
  const [copied, setCopied] = useState(false);
  if (!k) return null;
  const copy = () => void navigator.clipboard?.writeText(k.apiKey).then(() => setCopied(true), () => setCopied(false));
  return (
    <Panel title={`New API key for ${k.email}`}>
      <p className="mb-2 text-sm">This key is shown only this once: copy it now and hand it over. With it and the e-mail address, {k.email} signs in to the dashboard or uses the API.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-label="New API key" className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-800">
          {k.apiKey}
        </code>
        <Button onClick={copy}>Copy key</Button>
        <Button variant="ghost" onClick={() => (setCopied(false), showKey(null))}>
          Done
        </Button>
        {copied && <span role="status" className="text-xs text-green-700 dark:text-green-400">Copied.</span>}
      </div>
    </Panel>
  );
}
