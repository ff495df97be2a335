import { batch, registration, type Batch } from '../../shared/ingest';
import { evaluationPayload } from '../alerting/batch-parts';
import { defaultAlerts } from '../alerting/defaults';
import { netPolicy, type NetPolicy } from '../alerting/net-policy';
import { everyJob } from '../alerting/start';
import type { Deps } from '../deps';
import { emitEvent } from '../events';
import { ensureTransactionLogs } from '../services/transactions';
import type { SingletonJob } from '../services/singleton';
import type { ScrapeOutcome, ScrapeTargetRecord } from '../store/repos/scrape-targets';
import { readNodeExporter, scrapeCounters, type ScrapeCounters } from './node-exporter';
import { parsePromText, PromParseError, type PromExposition } from './prom-text';
import { DEFAULT_FETCH_LIMITS, fetchExposition, type FetchLimits } from './scrape-fetch';

export interface ScraperOptions {
  /** The network policy of outbound requests; default the service's (config.outboundNets). */
  policy?: NetPolicy;
  limits?: Partial<FetchLimits>;
  /** Targets scraped at once. */
  concurrency?: number;
  /** Most targets taken per round. */
  batchSize?: number;
  /** The clock of rates, epoch ms (tests move it with the service's clock). */
  nowMs?: () => number;
}

/** What one scrape did (tests and logs). */
export interface ScrapeReport {
  targetId: number;
  accountId: number;
  error: string | null;
  serverId: number | null;
  /** Whether a minute was stored (false on a first scrape, a reset, a minute already stored, or an error). */
  stored: boolean;
}

/** The guid of the server a target becomes: one per target, so a changed URL keeps its server. */
export const scrapeGuid = (targetId: number) => `scrape-target-${targetId}`;

/** Counters older than this many intervals (or 10 minutes) give no rate: the gap is not one interval. */
const STALE_INTERVALS = 3;

function previousCounters(t: ScrapeTargetRecord, nowMs: number): ScrapeCounters | null {
  if (!t.counters) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(t.counters);
  } catch {
    return null;
  }
  const r = scrapeCounters.safeParse(parsed);
  if (!r.success) return null;
  const maxAge = Math.max(STALE_INTERVALS * t.interval, 600) * 1000;
  return nowMs - r.data.at > maxAge ? null : r.data;
}

/**
 * Scrapes node_exporter targets into servers through the collector's own ingest path: the host is
 * registered (once, by the target's guid) as a collector registers, and each scrape after the first
 * stores a batch of the minute exactly as POST /collector/batches does (dedupe by batch id, events,
 * alert evaluation), so the fleet, charts, rollups, host map and Server alerts treat it as any server.
 */
export function createScraper(deps: Deps, opts: ScraperOptions = {}) {
  const { store, now, events } = deps;
  const policy = opts.policy ?? netPolicy(deps.config.outboundNets?.allow, deps.config.outboundNets?.deny);
  const nowMs = opts.nowMs ?? Date.now;
  const limits = { ...DEFAULT_FETCH_LIMITS, ...opts.limits };

  async function serverOf(t: ScrapeTargetRecord, reg: Parameters<typeof store.telemetry.register>[1], ip: string): Promise<number | string> {
    if (t.serverId !== null) {
      const found = await store.telemetry.byGuid(t.accountId, scrapeGuid(t.id));
      if (found.kind === 'ok') return found.serverId;
      if (found.kind === 'gone') return 'the server of this target was deleted: delete the target, or add it again to make a new server';
    }
    const r = await store.telemetry.register(t.accountId, reg, ip, now(), deps.config.defaultAlerts ? defaultAlerts : undefined);
    if (r.kind === 'gone') return 'the server of this target was deleted: delete the target, or add it again to make a new server';
    if (r.created) emitEvent(events, 'server-registered', { accountId: t.accountId, serverId: r.serverId });
    await ensureTransactionLogs(store, t.accountId, r.serverId);
    return r.serverId;
  }

  const reportOf = (t: ScrapeTargetRecord, o: ScrapeOutcome, stored = false): ScrapeReport => ({ targetId: t.id, accountId: t.accountId, error: o.error, serverId: o.serverId ?? t.serverId, stored });
  async function fail(t: ScrapeTargetRecord, at: number, error: string): Promise<ScrapeReport> {
    const o = { at, error: error.slice(0, 1000) };
    await store.scrapeTargets.recordScrape(t.accountId, t.id, o);
    return reportOf(t, o);
  }

  /**
   * Feeds one node_exporter exposition of the target, read at `ms` (epoch ms, the clock of rates) from
   * `address`, into its server: registration, the batch of the minute of `minuteOf` (epoch seconds)
   * from the counters' rates, the counters kept on the target. Scrapes come here (their minute by the
   * service's clock), and so do node_exporter series remote-written for the target (remote-node.ts:
   * their minute by their timestamps, as they may arrive a scrape interval late).
   */
  async function feed(t: ScrapeTargetRecord, exposition: PromExposition, ms: number, address: string, minuteOf = now()): Promise<ScrapeReport> {
    const at = now();
    const reading = readNodeExporter(exposition, { guid: scrapeGuid(t.id), fallbackHost: new URL(t.url).hostname, atMs: ms, prev: previousCounters(t, ms) });
    if (!exposition.samples.some((s) => s.name === 'node_uname_info')) return fail(t, at, 'not node_exporter: node_uname_info is missing');
    // The mapping keeps within the collector's limits; the schema makes sure of it, as for a collector's registration.
    const reg = registration.safeParse(reading.registration);
    if (!reg.success) return fail(t, at, `the scrape does not make a valid registration: ${reg.error.issues[0]?.message ?? 'invalid'}`);
    const serverId = await serverOf(t, reg.data, address);
    if (typeof serverId === 'string') return fail(t, at, serverId);

    let stored = false;
    if (reading.sample) {
      const minute = Math.floor(minuteOf / 60) * 60;
      const parsed = batch.safeParse({ batch_id: `scrape-${t.id}-${minute}`, guid: scrapeGuid(t.id), minute, server: reading.sample });
      if (!parsed.success) return fail(t, at, `the scrape does not make a valid batch: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      const b: Batch = parsed.data;
      stored = await store.telemetry.ingest(t.accountId, serverId, b, at, (types) => evaluationPayload(b, types));
      if (stored) emitEvent(events, 'batch-stored', { accountId: t.accountId, serverId, minute });
    }
    // The counters move on when their values were used (or there were none to use): with an interval
    // under a minute, the minute's later scrapes leave them, so the next minute's rate spans the minute.
    const o: ScrapeOutcome = { at, error: null, serverId, ...(stored || !reading.sample ? { counters: JSON.stringify(reading.counters) } : {}) };
    await store.scrapeTargets.recordScrape(t.accountId, t.id, o);
    return reportOf(t, o, stored);
  }

  async function scrape(t: ScrapeTargetRecord): Promise<ScrapeReport> {
    const at = now();
    const got = await fetchExposition(t.url, policy, limits);
    if (!got.ok) return fail(t, at, got.error);
    let exposition;
    try {
      exposition = parsePromText(got.body);
    } catch (err) {
      if (err instanceof PromParseError) return fail(t, at, `not Prometheus text exposition: ${err.message}`);
      throw err;
    }
    return feed(t, exposition, nowMs(), got.address, at);
  }

  /**
   * Scrapes every target due now, `concurrency` at a time; one target's failure is recorded on it and
   * stops no other. Answers a report per target in the order they were due (not as they finished).
   */
  async function runDue(): Promise<ScrapeReport[]> {
    const due = await store.scrapeTargets.due(now(), opts.batchSize ?? 200);
    const out: ScrapeReport[] = new Array<ScrapeReport>(due.length);
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const i = next++;
        const t = due[i]!;
        try {
          out[i] = await scrape(t);
        } catch (err) {
          console.error(`scrape of target ${t.id}:`, err);
          out[i] = { targetId: t.id, accountId: t.accountId, error: 'internal error', serverId: t.serverId, stored: false };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, due.length) }, worker));
    return out;
  }

  return { runDue, scrape, feed };
}

/** The scraper as a singleton job (main.ts runs it under its lease): due targets every `everySeconds`. */
export function scrapeJob(deps: Deps, everySeconds = 5, opts: ScraperOptions = {}): SingletonJob {
  const scraper = createScraper(deps, opts);
  return everyJob('scrape-targets', everySeconds, scraper.runDue);
}
