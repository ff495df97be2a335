import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** An entry of a row menu. */
export interface MenuAction {
  label: string;
  onSelect: () => void;
  /** Drawn in red (an action that deletes; it should still ask first). */
  danger?: boolean;
}

/**
 * The actions of a list row behind one "⋯" button (the WAI-ARIA menu button pattern): Enter, Space
 * or ArrowDown open it on its first item, arrows/Home/End move, Escape or Tab close it, focus goes
 * back to the button. The menu is fixed to the viewport so a scrolling list cannot clip it.
 */
export function RowMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const [pos, setPos] = useState<{ top: number; right: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const open = pos !== null;

  /** The menu's place under the button, or null when the button is out of view. */
  const place = () => {
    const r = button.current!.getBoundingClientRect();
    return r.bottom < 0 || r.top > globalThis.innerHeight ? null : { top: r.bottom + 2, right: Math.max(4, globalThis.innerWidth - r.right) };
  };
  const show = (focus: number) => {
    setPos(place());
    requestAnimationFrame(() => items.current.at(focus)?.focus({ preventScroll: true }));
  };
  const close = (refocus: boolean) => {
    setPos(null);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      const t = e.target as Node;
      if (!button.current?.contains(t) && !items.current.some((i) => i?.contains(t))) setPos(null);
    };
    // The menu is fixed to the viewport: on a scroll it follows its button, and closes once that is out of view.
    const onScroll = () => button.current && setPos(place());
    document.addEventListener('pointerdown', away);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, [open]);

  function onMenuKey(e: KeyboardEvent) {
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const n = actions.length;
    const move = { ArrowDown: (at + 1) % n, ArrowUp: (at - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      items.current[move]?.focus({ preventScroll: true });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className="rounded px-2 py-1 text-base leading-none text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show(e.key === 'ArrowDown' ? 0 : -1);
          }
        }}
      >
        <span aria-hidden>⋯</span>
      </button>
      {pos && (
        <div id={id} role="menu" aria-label={label} tabIndex={-1} onKeyDown={onMenuKey} style={{ position: 'fixed', top: pos.top, right: pos.right }} className="z-40 min-w-36 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {actions.map((a, i) => (
            <button
              key={a.label}
              ref={(el) => void (items.current[i] = el)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800 ${a.danger ? 'text-red-700 dark:text-red-400' : 'text-slate-800 dark:text-slate-100'}`}
              onClick={() => {
                close(!a.danger);
                a.onSelect();
              }}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
