import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { freezeTimeView, parseTimeView, resolveTimeView, writeTimeView, type TimeView, type Window } from '../lib/time-range';

const nowSec = () => Math.floor(Date.now() / 1000);
/** Relative ranges move once a minute: data arrives per minute, so a faster tick would only refetch the same points. */
export const REFRESH_MS = 60_000;

let clock = nowSec();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(l: () => void): () => void {
  listeners.add(l);
  timer ??= setInterval(() => {
    clock = nowSec();
    for (const each of listeners) each();
  }, REFRESH_MS);
  return () => {
    listeners.delete(l);
    if (listeners.size === 0 && timer) timer = void clearInterval(timer);
  };
}

/** The shared "now" of the dashboard; it stops moving while refresh is paused. */
function useClock(paused: boolean): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (paused) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resuming jumps to the present at once, not at the next tick.
    setNow(nowSec());
    return subscribe(() => setNow(clock));
  }, [paused]);
  return now;
}

/** The global time range of the URL: the view, its window now, and setters that write the URL. */
export function useTimeView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseTimeView(params), [params]);
  const now = useClock(view.paused || view.spec.kind === 'absolute');
  const window: Window = useMemo(() => resolveTimeView(view, now), [view, now]);
  const setView = useCallback(
    (next: TimeView) => setParams((p) => writeTimeView(p, next), { replace: false }),
    [setParams],
  );
  /** The current URL with a relative range frozen into absolute times. */
  const frozenHref = useCallback(() => {
    const url = new URL(globalThis.location.href);
    url.search = writeTimeView(new URLSearchParams(url.search), freezeTimeView(view, nowSec())).toString();
    return url.toString();
  }, [view]);
  return { view, window, setView, frozenHref, now };
}
