import { PAGE_LIMIT_MAX } from '../../shared/paging';
import type { ApplicationRecord } from '../store/repos/applications';
import type { ServerRecord } from '../store/repos/servers';
import type { Store } from '../store/store';
import { applicationSeries } from './application-data';
import type { Point } from './promql-functions';
import { NATIVE_METRICS, readingsOf, type NativeMetric, type NativeScope } from './promql-native-metrics';
import { matchesAll, type LabelMatcher } from './promql-selector';
import type { Labels, SeriesSource, SourceSeries } from './promql-source';

/** How far back the metadata endpoints look for native series when asked without a start. */
const META_WINDOW_MS = 3_600_000;

const serverLabels = (s: ServerRecord): Labels => ({ server: s.hostname, server_id: String(s.id) });

/** Whether labels known before any data is read (the scope's identity) can still match. */
const mayMatch = (matchers: readonly LabelMatcher[], known: Labels) => matchers.every((m) => !(m.name in known) || m.test(known[m.name]!));

/** Series keyed by their full label set, points appended in time order. */
class Collected {
  private readonly byKey = new Map<string, SourceSeries>();
  add(labels: Labels, point: Point) {
    const key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
    let s = this.byKey.get(key);
    if (!s) this.byKey.set(key, (s = { labels, points: [] }));
    s.points.push(point);
  }
  series(matchers: readonly LabelMatcher[]): SourceSeries[] {
    return [...this.byKey.values()].filter((s) => matchesAll(matchers, s.labels));
  }
}

/**
 * Servers, processes and applications of the native model as a SeriesSource, under the names of
 * NATIVE_METRICS (`fleetwatch_server_cpu_percent{server="web-01", server_id="3"}` ...), one point per
 * stored minute at the minute's start. Only the metrics whose name the selector admits are read, and
 * only the servers (applications) whose labels it admits.
 */
export function nativeSource(store: Store, nowMs: () => number = Date.now): SeriesSource {
  async function servers(accountId: number): Promise<ServerRecord[]> {
    const all: ServerRecord[] = [];
    for (let page = 0; ; page++) {
      const p = await store.servers.list(accountId, {}, { limit: PAGE_LIMIT_MAX, page });
      all.push(...p.items);
      if (p.items.length < PAGE_LIMIT_MAX || all.length >= p.total) return all;
    }
  }
  async function applications(accountId: number): Promise<ApplicationRecord[]> {
    return (await store.applications.list(accountId, { limit: PAGE_LIMIT_MAX, page: 0 })).items;
  }

  const wanted = (matchers: readonly LabelMatcher[], scope: NativeScope) =>
    NATIVE_METRICS.filter((m) => m.scope === scope && matchesAll(matchers.filter((x) => x.name === '__name__'), { __name__: m.name }));

  // `processes`: whether process series may be read (the metadata endpoints read them only for a selector naming them).
  async function read(accountId: number, matchers: readonly LabelMatcher[], fromMs: number, toMs: number, processes = true): Promise<SourceSeries[]> {
    const from = Math.floor(fromMs / 1000 / 60) * 60;
    const to = Math.floor(toMs / 1000);
    const out = new Collected();
    const put = (metrics: readonly NativeMetric[], labels: Labels, time: number, record: Readonly<Record<string, unknown>>) => {
      const t = time * 1000;
      if (t < fromMs || t > toMs) return;
      for (const metric of metrics) for (const r of readingsOf(metric, record)) out.add({ __name__: metric.name, ...labels, ...r.part }, { t, v: r.v });
    };
    const serverMetrics = wanted(matchers, 'server');
    const processMetrics = processes ? wanted(matchers, 'process') : [];
    if (serverMetrics.length || processMetrics.length) {
      for (const s of await servers(accountId)) {
        const labels = serverLabels(s);
        if (!mayMatch(matchers, labels)) continue;
        if (serverMetrics.length) for (const row of await store.telemetry.serverMinuteSamples(accountId, s.id, from, to)) put(serverMetrics, labels, row.time, row.sample);
        if (processMetrics.length) {
          for (const row of await store.telemetry.processMinuteSamples(accountId, s.id, from, to)) {
            for (const p of row.processes) put(processMetrics, { ...labels, process: p.name, pid: String(p.pid) }, row.time, p.sample);
          }
        }
      }
    }
    const appMetrics = wanted(matchers, 'application');
    if (appMetrics.length) {
      for (const app of await applications(accountId)) {
        const labels = { application: app.name, application_id: String(app.id) };
        if (!mayMatch(matchers, labels)) continue;
        const rows = await applicationSeries(store, accountId, app, { time_step: 'Minute', start: from, end: to });
        for (const row of rows.reverse()) put(appMetrics, labels, row.time, row);
      }
    }
    return out.series(matchers);
  }

  return {
    select: read,
    async series(accountId, matchers, sinceMs) {
      const end = nowMs();
      // Every process of every server over the window is too much to list for `labels` without a
      // selector: process series are listed only for a selector that names a metric.
      const named = matchers.some((m) => m.name === '__name__');
      const found = await read(accountId, matchers, Math.max(sinceMs, end - META_WINDOW_MS), end, named);
      return found.map((s) => s.labels);
    },
  };
}

/** Several sources as one: each answers for its own series (their names never overlap). */
export function combinedSource(...sources: SeriesSource[]): SeriesSource {
  return {
    async select(accountId, matchers, fromMs, toMs) {
      return (await Promise.all(sources.map((s) => s.select(accountId, matchers, fromMs, toMs)))).flat();
    },
    async series(accountId, matchers, sinceMs) {
      return (await Promise.all(sources.map((s) => s.series(accountId, matchers, sinceMs)))).flat();
    },
  };
}
