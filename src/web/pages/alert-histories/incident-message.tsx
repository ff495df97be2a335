import { useState } from 'react';
import type { AlertHistoryMessage } from '../../../shared/alert-histories';
import { Panel } from '../../components/ui/status';

const TABS = ['Text', 'HTML'] as const;

/**
 * The saved message, once: as text by default, as html behind a tab. The html comes from alert data
 * that collectors and users influence, so it is never injected into the page: it renders in an iframe
 * with sandbox="" (no scripts, no same origin, no forms, no navigation), from srcdoc so nothing is fetched.
 */
export function IncidentMessage({ message }: { message: AlertHistoryMessage }) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('Text');
  return (
    <Panel title="Message">
      <div role="tablist" aria-label="Message format" className="mb-2 flex gap-1">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`message-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`message-panel-${t}`}
            onClick={() => setTab(t)}
            className={`rounded px-3 py-1 text-sm ${tab === t ? 'bg-teal-700 text-white' : 'text-teal-800 hover:bg-slate-100 dark:text-teal-300 dark:hover:bg-slate-800'}`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`message-panel-${tab}`} aria-labelledby={`message-tab-${tab}`}>
        {tab === 'Text' ? (
          <>
            <pre className="max-h-[32rem] overflow-auto text-sm whitespace-pre-wrap">{message.text || '(empty)'}</pre>
            {message.sms && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">SMS: {message.sms}</p>}
          </>
        ) : (
          <iframe sandbox="" srcDoc={message.html} title="Alert message as HTML" referrerPolicy="no-referrer" className="h-[32rem] w-full rounded border border-slate-200 bg-white dark:border-slate-700" />
        )}
      </div>
    </Panel>
  );
}
