import type { Deps } from '../deps';
import type { ScrapeTargetRecord } from '../store/repos/scrape-targets';
import type { PromExposition, PromSample } from './prom-text';
import type { RemoteSeries } from './remote-write';
import { createScraper } from './scraper';

/**
 * node_exporter series that arrive by remote write feed the server of the account's scrape target
 * whose instance (host:port of its URL, as Prometheus labels what it scrapes) they carry: the same
 * mapping, counters and minute batches as a scrape (scraper.ts `feed`). Only hosts declared as scrape
 * targets are fed; others stay labelled series only, so a remote write cannot create servers.
 *
 * One scrape of Prometheus may come in several remote writes (max_samples_per_send), so the samples of
 * an instance are gathered by timestamp and the scrape is fed once samples of a later timestamp come:
 * a remote-written host's charts are one scrape interval behind. Gathering is per process.
 */

/** The metric families node_exporter mapping reads (node-exporter.ts). */
export const NODE_FAMILY = /^node_(cpu_seconds_total|memory_|filesystem_|disk_|network_|uname_info|os_info|load)/;
/** Instances gathered at once per process (the oldest are dropped past it). */
const MAX_PENDING = 10_000;

interface Pending {
  ms: number;
  samples: Map<string, PromSample>;
}

/** The instance values Prometheus gives a target of this URL: host:port as written, and with the default port. */
export function targetInstances(url: string): string[] {
  const u = new URL(url);
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return [...new Set([u.host, `${u.hostname}:${port}`])];
}

/** The samples of one remote write that node_exporter mapping reads, by instance and then by timestamp. */
export function nodeSamples(series: readonly RemoteSeries[]): Map<string, Map<number, PromSample[]>> {
  const out = new Map<string, Map<number, PromSample[]>>();
  for (const s of series) {
    // Most remote-written series are not node_exporter's: look at the name before building anything.
    const name = s.name ?? s.labels.find((l) => l.name === '__name__')?.value ?? '';
    if (!NODE_FAMILY.test(name)) continue;
    const labels: Record<string, string> = {};
    for (const l of s.labels) if (l.name !== '__name__') labels[l.name] = l.value;
    const instance = labels.instance;
    if (instance === undefined) continue;
    const byMs = out.get(instance) ?? out.set(instance, new Map()).get(instance)!;
    for (const { ms, value } of s.samples) (byMs.get(ms) ?? byMs.set(ms, []).get(ms)!).push({ name, labels, value });
  }
  return out;
}

const key = (s: PromSample) => `${s.name}\xff${JSON.stringify(s.labels)}`;
const exposition = (samples: Iterable<PromSample>): PromExposition => ({ samples: [...samples], types: new Map(), help: new Map() });

/** The feeder kept by the remote-write route: `offer` each decoded write after it is stored. */
export function remoteNodeFeeder(deps: Deps) {
  const scraper = createScraper(deps);
  const pending = new Map<string, Pending>();

  async function targetFor(accountId: number, instance: string): Promise<ScrapeTargetRecord | null> {
    const { items } = await deps.store.scrapeTargets.list(accountId, { limit: 1000, page: 0 });
    return items.find((t) => targetInstances(t.url).includes(instance)) ?? null;
  }

  /** Gathers the write's node_exporter samples; feeds each instance's scrapes that are complete. Answers the scrapes fed. */
  async function offer(accountId: number, series: readonly RemoteSeries[]): Promise<number> {
    let fed = 0;
    for (const [instance, byMs] of nodeSamples(series)) {
      const target = await targetFor(accountId, instance);
      if (!target) continue;
      const k = `${accountId}\xff${target.id}`;
      const ready: Pending[] = [];
      for (const ms of [...byMs.keys()].sort((a, b) => a - b)) {
        const p = pending.get(k);
        if (p && ms < p.ms) continue; // Late: that scrape was fed already.
        if (p && ms > p.ms) ready.push(p);
        const cur = p && ms === p.ms ? p : { ms, samples: new Map<string, PromSample>() };
        for (const s of byMs.get(ms)!) cur.samples.set(key(s), s);
        pending.delete(k);
        pending.set(k, cur);
      }
      if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value!);
      for (const p of ready) {
        // Each feed reads the target again: the previous one moved its counters on.
        const fresh = await deps.store.scrapeTargets.get(accountId, target.id);
        if (!fresh) break;
        const r = await scraper.feed(fresh, exposition(p.samples.values()), p.ms, new URL(fresh.url).hostname, Math.floor(p.ms / 1000));
        if (r.error === null) fed++;
      }
    }
    return fed;
  }

  return { offer };
}
