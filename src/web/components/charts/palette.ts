import { useEffect, useState } from 'react';

/** Series colours, one list per theme: the dark list is lighter so lines keep their contrast on slate-900. */
export const PALETTE = {
  light: ['#0f766e', '#2563eb', '#c2410c', '#7c3aed', '#be185d', '#4d7c0f', '#0e7490', '#a16207'],
  dark: ['#2dd4bf', '#60a5fa', '#fb923c', '#a78bfa', '#f472b6', '#a3e635', '#22d3ee', '#facc15'],
} as const;

/** A colour per theme. */
export type ThemedColor = { light: string; dark: string };

/** Colours of marks drawn over the lines: the chosen minute, incidents, maintenance. */
export const MARK = {
  chosen: { light: '#0f172a', dark: '#f8fafc' },
  incident: { light: '#dc2626', dark: '#f87171' },
  maintenance: { light: '#64748b', dark: '#94a3b8' },
} satisfies Record<string, ThemedColor>;

/** The colour of series `i`, or its own. */
export function seriesColor(i: number, dark: boolean, own?: ThemedColor): string {
  if (own) return dark ? own.dark : own.light;
  const list = dark ? PALETTE.dark : PALETTE.light;
  return list[i % list.length]!;
}

/** Whether the page is in dark mode (the `dark` class on <html>), following changes. */
export function useDarkMode(): boolean {
  const read = () => typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  const [dark, setDark] = useState(read);
  useEffect(() => {
    const mo = new MutationObserver(() => setDark(read()));
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => mo.disconnect();
  }, []);
  return dark;
}
