import type { DemoClient } from './client';
import type { ConfigStep } from './config-step';
import type { DemoServer, Fleet, Os, Tier } from './fleet';
import { configureFleetRules, FLEET_TAG } from './fleet-rules';
import { logsToCreate } from './logs';
import { polledConfigOf } from './polled';

/** The tag of each tier's servers. */
export const TIER_TAG: Record<Tier, string> = {
  lb: 'load-balancer', web: 'web', app: 'app', db: 'database', cache: 'cache', batch: 'batch', mail: 'mail', dc: 'directory',
};
const OS_TAG: Record<Os, string> = { Linux: 'linux', Windows: 'windows', Solaris: 'solaris' };
/** Server sets of the demo account, by the tags they group; auto-detection finds their applications. */
const SETS: { name: string; tags: string[]; auto: boolean }[] = [
  { name: 'Storefront', tags: ['load-balancer', 'web', 'app'], auto: true },
  { name: 'Data tier', tags: ['database', 'cache'], auto: true },
  { name: 'Back office', tags: ['batch', 'mail', 'directory'], auto: false },
  { name: 'Windows estate', tags: ['windows'], auto: false },
];


interface Named {
  id: number;
  name: string;
  servers?: number[];
}

async function findByName(client: DemoClient, collection: string, name: string): Promise<Named | null | 'missing'> {
  const r = await client.request('GET', `/api/v5/${collection}/`, { form: { filter: name, limit: 2500 } });
  if (r.status === 404 || r.status === 405) return 'missing';
  if (r.status !== 200) throw new Error(`GET ${collection}: HTTP ${r.status}`);
  const data = (r.body as { data?: Named[] }).data ?? [];
  return data.find((x) => x.name === name) ?? null;
}

/**
 * Applies the demo configuration through the account's REST API: transactions on, tags per tier, per
 * OS and one of the whole fleet (with the default alerts as per_server rules), server sets, logs of every source type, polled-data configs. Idempotent (existing items are
 * updated, not duplicated); a step whose endpoint does not exist is skipped and reported.
 */
export async function configureAccount(client: DemoClient, fleet: Fleet, ids: Map<number, number>): Promise<ConfigStep[]> {
  const steps: ConfigStep[] = [];
  const attempt = async (step: string, f: () => Promise<string | undefined>) => {
    try {
      const detail = await f();
      steps.push({ step, ok: true, ...(detail ? { detail } : {}) });
    } catch (e) {
      steps.push({ step, ok: false, detail: e instanceof Error ? e.message : String(e) });
    }
  };
  const check = (what: string, status: number, ok: number[]) => {
    if (status === 404 || status === 405) throw new Error(`${what}: endpoint missing (HTTP ${status}), skipped`);
    if (!ok.includes(status)) throw new Error(`${what}: HTTP ${status}`);
  };
  const idOf = (s: DemoServer) => ids.get(s.index);

  await attempt('transactions on', async () => {
    const r = await client.request('PUT', '/api/v5/transactions/', { form: { transactions_enabled: true, transactions_on: true } });
    check('PUT /transactions', r.status, [200]);
    return undefined;
  });

  const tagIds = new Map<string, number>();
  const groups = new Map<string, number[]>();
  for (const s of fleet.servers) {
    const id = idOf(s);
    if (id === undefined) continue;
    for (const name of [TIER_TAG[s.tier], OS_TAG[s.os], FLEET_TAG]) groups.set(name, [...(groups.get(name) ?? []), id]);
  }
  for (const [name, servers] of groups) {
    await attempt(`server tag ${name}`, async () => {
      const found = await findByName(client, 'server_tags', name);
      if (found === 'missing') throw new Error('GET /server_tags: endpoint missing, skipped');
      const all = [...new Set([...(found?.servers ?? []), ...servers])];
      const r = found
        ? await client.request('PUT', `/api/v5/server_tags/${found.id}/`, { form: { name, servers: all } })
        : await client.request('POST', '/api/v5/server_tags/', { form: { name, servers: all } });
      check(`server tag ${name}`, r.status, [200, 201]);
      tagIds.set(name, (r.body as Named).id);
      return undefined;
    });
  }
  const fleetTag = tagIds.get(FLEET_TAG);
  if (fleetTag !== undefined) steps.push(...(await configureFleetRules(client, fleetTag)));

  for (const set of SETS) {
    const tags = set.tags.map((t) => tagIds.get(t)).filter((t): t is number => t !== undefined);
    if (!tags.length) continue;
    await attempt(`server set ${set.name}`, async () => {
      const found = await findByName(client, 'server_sets', set.name);
      if (found === 'missing') throw new Error('GET /server_sets: endpoint missing, skipped');
      const form = { name: set.name, server_tags: tags, auto_detection: set.auto };
      const r = found
        ? await client.request('PUT', `/api/v5/server_sets/${found.id}/`, { form })
        : await client.request('POST', '/api/v5/server_sets/', { form });
      check(`server set ${set.name}`, r.status, [200, 201]);
      return undefined;
    });
  }

  await attempt('logs', async () => {
    let n = 0;
    for (const s of fleet.servers) {
      const id = idOf(s);
      if (id === undefined) continue;
      for (const l of logsToCreate(s)) {
        const r = await client.request('POST', '/api/v5/logs/', { form: { server: id, type: l.type, source: l.source } });
        check(`log ${l.type} ${l.source} on ${s.hostname}`, r.status, [200, 201]);
        n++;
      }
    }
    return `${n} logs`;
  });

  await attempt('polled-data configs', async () => {
    let n = 0;
    for (const s of fleet.servers) {
      const id = idOf(s);
      const pc = polledConfigOf(s);
      if (id === undefined || !pc) continue;
      const r = await client.request('PUT', `/api/v5/servers/${id}/polled_data_config/`, { form: pc });
      check(`polled_data_config of ${s.hostname}`, r.status, [200, 201]);
      n++;
    }
    return `${n} polled-data configs`;
  });
  return steps;
}

/**
 * Asks the service to detect applications on the servers of the auto-detecting sets (GET
 * /servers/{id}/auto_detection/), once their processes have been uploaded; the service's own job
 * would find them within minutes, this makes them appear at once. Answers the detected names.
 */
export async function detectApplications(client: DemoClient, fleet: Fleet, ids: Map<number, number>): Promise<string[]> {
  const tiers = new Set(SETS.filter((x) => x.auto).flatMap((x) => x.tags));
  const names = new Set<string>();
  for (const s of fleet.servers) {
    const id = ids.get(s.index);
    if (id === undefined || !tiers.has(TIER_TAG[s.tier])) continue;
    const r = await client.request('GET', `/api/v5/servers/${id}/auto_detection/`);
    if (r.status === 404 || r.status === 405) return [];
    if (r.status === 200 && Array.isArray(r.body)) for (const n of r.body) names.add(String(n));
  }
  return [...names].sort();
}
