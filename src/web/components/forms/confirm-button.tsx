import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button';

/**
 * A button that asks before it acts: deleting anything, or a change that loses data. The question
 * is an alertdialog whose confirm button repeats the action's name.
 */
export function ConfirmButton({
  label,
  question,
  detail,
  confirmLabel = label,
  onConfirm,
  pending = false,
  variant = 'danger',
  ariaLabel,
}: {
  label: string;
  question: string;
  detail?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  variant?: 'danger' | 'secondary' | 'ghost';
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} disabled={pending} aria-label={ariaLabel}>
        {pending ? 'Working…' : label}
      </Button>
      {open && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" onClick={() => setOpen(false)}>
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="confirm-title"
            aria-describedby={detail ? 'confirm-detail' : undefined}
            className="w-full max-w-md space-y-3 rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900"
            onClick={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          >
            <h2 id="confirm-title" className="text-base font-semibold">
              {question}
            </h2>
            {detail && (
              <div id="confirm-detail" className="text-sm text-slate-700 dark:text-slate-300">
                {detail}
              </div>
            )}
            <div className="flex justify-end gap-2">
              <Button autoFocus onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
