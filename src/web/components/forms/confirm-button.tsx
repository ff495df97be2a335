import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

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
      {open && <ConfirmDialog question={question} detail={detail} confirmLabel={confirmLabel} onConfirm={onConfirm} onClose={() => setOpen(false)} />}
    </>
  );
}
