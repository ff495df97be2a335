import type { ScrapeTarget, ScrapeTargetInput } from '../../shared/scrape-targets';
import type { NetPolicy } from '../alerting/net-policy';
import type { ScrapeTargetRecord } from '../store/repos/scrape-targets';
import type { Store } from '../store/store';
import { notFound } from './errors';
import { checkUrlReachable } from './reachable';

/**
 * Refuses a target URL the network policy would never let a scrape reach (loopback unless allowed,
 * link-local, metadata, denied networks): its IP, or every address its host resolves to now. A host
 * that does not resolve yet is accepted; every scrape checks the address it connects to again.
 */
export const checkTargetReachable = (url: string, policy: NetPolicy): Promise<void> => checkUrlReachable(url, 'url', policy);

export function toScrapeTargetItem(t: ScrapeTargetRecord): ScrapeTarget {
  return {
    id: t.id,
    url: t.url,
    interval: t.interval,
    labels: t.labels,
    last_scrape: t.lastScrape,
    last_error: t.lastError,
    server_id: t.serverId,
    created: t.created,
  };
}

export async function createScrapeTarget(store: Store, accountId: number, input: ScrapeTargetInput, policy: NetPolicy, now: number): Promise<ScrapeTargetRecord> {
  await checkTargetReachable(input.url, policy);
  return store.scrapeTargets.create(accountId, input, now);
}

export async function updateScrapeTarget(store: Store, accountId: number, id: number, input: ScrapeTargetInput, policy: NetPolicy): Promise<ScrapeTargetRecord> {
  await checkTargetReachable(input.url, policy);
  const t = await store.scrapeTargets.update(accountId, id, input);
  if (!t) throw notFound('scrape target');
  return t;
}
