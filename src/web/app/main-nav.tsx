import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { NAV } from './nav';

const link = ({ isActive }: { isActive: boolean }) =>
  `rounded px-1.5 py-1 text-sm font-medium ${isActive ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`;

/**
 * The brand and the main navigation. From the md breakpoint up every section shows (tight spacing keeps
 * them on one row at 1440 px); on a phone the sections fold behind a Menu button (closed again by
 * choosing a page), so the header stays short. Entries for managers show only to them (`managers`).
 */
export function MainNav({ search, managers }: { search: string; managers: boolean }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Reaching another page closes the menu (state adjusted while rendering, not in an effect).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  return (
    <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
      <span className="font-semibold text-teal-800 dark:text-teal-300">Fleetwatch</span>
      <button
        type="button"
        className="ml-auto rounded border border-slate-300 px-2 py-1 text-sm font-medium text-slate-800 md:hidden dark:border-slate-600 dark:text-slate-100"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden>{open ? '✕ ' : '☰ '}</span>Menu
      </button>
      <nav id="main-nav" aria-label="Main" className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-2 py-1 md:flex md:w-auto md:flex-row md:flex-wrap md:items-center md:gap-x-2.5 md:gap-y-1 md:py-0`}>
        {NAV.map((g) => (
          <div key={g.group} role="group" aria-labelledby={`nav-${g.group}`} className="flex flex-wrap items-center gap-0.5">
            <span id={`nav-${g.group}`} className="mr-0.5 w-full text-[0.65rem] font-semibold tracking-wide text-slate-600 uppercase md:w-auto dark:text-slate-400">
              {g.group}
            </span>
            {g.items.filter((n) => !n.managers || managers).map((n) => (
              <NavLink key={n.to} to={{ pathname: n.to, search }} end={n.to === '/'} className={link}>
                {n.label}
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
    </div>
  );
}
