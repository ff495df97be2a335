import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { decodeSelection, encodeSelection, type SeriesRef } from './selection';

/**
 * The correlate selection in the URL (`?series=v1-…`), decoded and validated; writing it pushes a
 * history entry, so Back undoes an addition. A link that does not decode says why instead.
 */
export function useSelectionParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('series');
  const decoded = useMemo(() => decodeSelection(raw), [raw]);
  const setItems = useCallback(
    (items: readonly SeriesRef[]) => setParams((p) => (items.length ? p.set('series', encodeSelection(items)) : p.delete('series'), p)),
    [setParams],
  );
  return { decoded, setItems };
}
