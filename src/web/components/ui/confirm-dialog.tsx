import { useId, type ReactNode } from 'react';
import { Button } from './button';

/**
 * The question asked before deleting anything or losing data: an alertdialog whose confirm button
 * repeats the action's name. Cancel has the focus, so Enter alone never deletes; Escape cancels.
 */
export function ConfirmDialog({ question, detail, confirmLabel, onConfirm, onClose }: { question: string; detail?: ReactNode; confirmLabel: string; onConfirm: () => void; onClose: () => void }) {
  const id = useId();
  return (
    // A click on the backdrop closes, and so does Escape pressed anywhere inside; the backdrop is not a
    // control of its own, so it is presentation to assistive technology.
    <div
      role="presentation"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={detail ? `${id}-detail` : undefined}
        className="w-full max-w-md space-y-3 rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900"
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {question}
        </h2>
        {detail && (
          <div id={`${id}-detail`} className="text-sm text-slate-700 dark:text-slate-300">
            {detail}
          </div>
        )}
        <div className="flex justify-end gap-2">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves the focus into itself (WAI-ARIA dialog pattern) */}
          <Button autoFocus onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
