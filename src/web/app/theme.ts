import { useCallback, useEffect, useState } from 'react';

const KEY = 'fleetwatch.theme';
type Theme = 'light' | 'dark';

const systemDark = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

/** Dark mode: follows the system until the user picks, then remembers the pick (index.html applies it before paint). */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(() => {
    const t = localStorage.getItem(KEY);
    return t === 'dark' || t === 'light' ? t : systemDark() ? 'dark' : 'light';
  });
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  useEffect(() => {
    const mq = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    const follow = (e: MediaQueryListEvent) => {
      if (!localStorage.getItem(KEY)) setTheme(e.matches ? 'dark' : 'light');
    };
    mq.addEventListener('change', follow);
    return () => mq.removeEventListener('change', follow);
  }, []);
  const toggle = useCallback(() => {
    setTheme((t) => {
      const next = t === 'dark' ? 'light' : 'dark';
      localStorage.setItem(KEY, next);
      return next;
    });
  }, []);
  return { theme, toggle };
}
