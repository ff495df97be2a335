import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The minute picked on a chart (`?at=`), kept in the URL with the rest of the view so it can be shared.
 * `rangeSearch` is the query without the minute, for links to pages that should open at the range;
 * `minuteSearch` keeps the minute, for links that should open at it (a process at that minute).
 */
export function useMinuteParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('at') ?? '';
  const at = /^\d+$/.test(raw) ? Number(raw) : null;
  const setAt = useCallback(
    (t: number | null) => setParams((p) => (t === null ? p.delete('at') : p.set('at', String(t)), p)),
    [setParams],
  );
  const rangeSearch = useMemo(() => {
    const p = new URLSearchParams(params);
    p.delete('at');
    return p.toString();
  }, [params]);
  return { at, setAt, rangeSearch, minuteSearch: params.toString() };
}
