import { useQueries, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { applicationQueries } from '../../api/applications';
import { bucketQueries } from '../../api/buckets';
import { logQueries } from '../../api/logs';
import { polledQueries } from '../../api/polled-data';
import { processQueries } from '../../api/processes';
import { serverDataQueries } from '../../api/server-data';
import { numeric } from '../../components/charts/record-series';
import type { Window } from '../../lib/time-range';
import type { SeriesRef } from './selection';

type Points = { time: number; value: number | null }[];
type Rec = Record<string, unknown> & { time: number };
type SourceQuery = UseQueryOptions<readonly Rec[], Error, readonly Rec[], QueryKey>;

/**
 * The query a series reads: the data endpoint of its server, process, application, polled check,
 * bucket or log, over the window. Two series of one source share one query (same key).
 */
export function sourceQuery(r: SeriesRef, w: Window): SourceQuery {
  switch (r.kind) {
    case 's':
      return serverDataQueries.range(r.ref, w) as SourceQuery;
    case 'p':
      return processQueries.data(r.ref, w) as SourceQuery;
    case 'a':
      return applicationQueries.data(r.ref, w) as SourceQuery;
    case 'd':
      return polledQueries.data(r.ref, w) as unknown as SourceQuery;
    case 'b':
      return bucketQueries.data(r.ref, w) as unknown as SourceQuery;
    case 'l':
      return logQueries.data(r.ref, w) as unknown as SourceQuery;
  }
}

/** A polled record's value of `name` ({val} at Minute, {avg,...} rolled up); null when absent. */
function polledValue(rec: Rec, name: string): number | null {
  const values = rec.values as Record<string, unknown> | undefined;
  const entry = values?.[name];
  return Array.isArray(entry) ? numeric(entry[1]) : null;
}

/** The points of one series from its source's records. */
export function pointsOf(r: SeriesRef, records: readonly Rec[]): Points {
  return records.map((rec) => ({ time: rec.time, value: r.kind === 'd' ? polledValue(rec, r.field) : numeric(rec[r.field]) }));
}

/** The same array object while its items are the same objects, so memos downstream keep their value. */
function useShallowStable<T>(items: T[]): T[] {
  const [last, setLast] = useState(items);
  const changed = last.length !== items.length || last.some((x, i) => x !== items[i]);
  if (changed) setLast(items);
  return changed ? items : last;
}

/**
 * Reads every series of the selection over `w` (or nothing while `enabled` is false): the points per
 * series in selection order (null until read), and the state of the requests.
 */
export function useCorrelateSeries(items: readonly SeriesRef[], w: Window, enabled = true) {
  const results = useQueries({ queries: items.map((r) => ({ ...sourceQuery(r, w), enabled })) });
  const data = useShallowStable(results.map((q) => q.data));
  const points = useMemo(() => data.map((d, i) => (d && items[i] ? pointsOf(items[i], d) : null)), [data, items]);
  return {
    points,
    pending: enabled && results.some((q) => q.isPending),
    errors: results.flatMap((q) => (q.error ? [q.error] : [])),
    retry: () => results.forEach((q) => q.error && void q.refetch()),
  };
}
