import { SHORTCUTS } from './shortcuts';

/** The "?" panel listing every keyboard shortcut. */
export function HelpPanel({ onClose }: { onClose: () => void }) {
  return (
    // A click on the backdrop closes, like Escape and the dialog's own button do; the backdrop is not a
    // control of its own, so it is presentation to assistive technology.
    <div role="presentation" className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        className="max-h-full w-full max-w-md overflow-auto rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 id="help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves the focus into itself (WAI-ARIA dialog pattern) */}
          <button type="button" autoFocus onClick={onClose} className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            Close
          </button>
        </div>
        <table className="w-full text-sm">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-4">
                  {s.keys.split(' ').map((k) => (
                    <kbd key={k} className="mr-1 rounded border border-slate-300 px-1.5 font-mono text-xs dark:border-slate-600">
                      {k}
                    </kbd>
                  ))}
                </td>
                <td className="py-1">{s.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
