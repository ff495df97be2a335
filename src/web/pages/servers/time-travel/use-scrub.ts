import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

const DELAY_MS = 150;

/**
 * The scrubbed minute (`at`) and the comparison minute (`base`) in the URL. A scrub replaces the
 * history entry (dragging would otherwise push one per minute) and reaches the URL 150 ms after the
 * slider stops, so the process table is not fetched for every minute passed over.
 */
export function useScrub(at: number | null) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('base') ?? '';
  const base = /^\d+$/.test(raw) ? Number(raw) : null;
  const [local, setLocal] = useState<number | null>(at);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A new `at` from the URL replaces the local minute (state adjusted while rendering, not in an effect).
  const [shownAt, setShownAt] = useState(at);
  if (shownAt !== at) {
    setShownAt(at);
    setLocal(at);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const set = useCallback((k: string, v: number | null) => setParams((p) => (v === null ? p.delete(k) : p.set(k, String(v)), p), { replace: true }), [setParams]);
  const scrub = useCallback(
    (t: number) => {
      setLocal(t);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => set('at', t), DELAY_MS);
    },
    [set],
  );
  const setBase = useCallback((t: number | null) => set('base', t), [set]);
  return { local, scrub, base, setBase };
}
