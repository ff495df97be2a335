import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMe, useSignOut } from '../api/session';
import { Button } from '../components/ui/button';
import { FailedRequestsBanner } from '../components/ui/failed-requests-banner';
import { Loading } from '../components/ui/status';
import type { Preset } from '../lib/time-range';
import { HelpPanel } from './help-panel';
import { MainNav } from './main-nav';
import { paths } from './paths';
import { rangeApplies } from './range-pages';
import { canConfigure } from './session';
import { isTypingTarget, matchShortcut } from './shortcuts';
import { useTheme } from './theme';
import { TimeRangePicker } from './time-range-picker';
import { useTimeView } from './use-time-view';

const GO: Record<string, string> = { 'go:fleet': paths.fleet, 'go:applications': paths.applications, 'go:logs': paths.logs, 'go:polled': paths.polledData, 'go:buckets': paths.buckets };

/** The frame of every signed-in page: navigation, the global range, theme, help and shortcuts. */
export function Layout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { theme, toggle } = useTheme();
  const { view, setView } = useTimeView();
  const [help, setHelp] = useState(false);
  const pending = useRef<string | null>(null);
  const me = useMe();
  const signOutCall = useSignOut();

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      const m = matchShortcut(e.key, pending.current);
      pending.current = m.pending;
      if (!m.action) return;
      e.preventDefault();
      const a = m.action;
      if (a === 'help') setHelp((h) => !h);
      else if (a === 'close') setHelp(false);
      else if (a === 'theme') toggle();
      else if (a === 'pause') setView({ ...view, paused: !view.paused });
      else if (a === 'focus-filter') document.querySelector<HTMLElement>('[data-filter]')?.focus();
      else if (a.startsWith('range:')) setView({ ...view, spec: { kind: 'relative', preset: a.slice(6) as Preset } });
      else if (GO[a]) navigate({ pathname: GO[a], search: keepRange(location.search) });
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, toggle, view, setView, location.search]);

  function signOut() {
    signOutCall.mutate(undefined, { onSettled: () => navigate(paths.signIn, { replace: true }) });
  }

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="z-40 md:sticky md:top-0 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <MainNav search={keepRange(location.search)} managers={canConfigure(me)} />
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {rangeApplies(location.pathname) && <TimeRangePicker />}
          <div className="ml-auto flex items-center gap-1">
            <Button variant="ghost" onClick={toggle} aria-label={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'} title="Dark mode (d)">
              {theme === 'dark' ? '☀' : '☾'}
            </Button>
            <Button variant="ghost" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
              ?
            </Button>
            <span className="hidden text-xs text-slate-600 md:inline dark:text-slate-400">{me?.email}</span>
            <Button variant="ghost" onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="p-2 sm:p-4">
        <FailedRequestsBanner />
        <Suspense fallback={<Loading what="page" />}>
          <Outlet />
        </Suspense>
      </main>
      {help && <HelpPanel onClose={() => setHelp(false)} />}
    </div>
  );
}

/** Only the global range travels between sections; page-specific parameters stay behind. */
function keepRange(search: string): string {
  const p = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const k of ['range', 'from', 'to', 'step', 'refresh']) {
    const v = p.get(k);
    if (v !== null) out.set(k, v);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}
