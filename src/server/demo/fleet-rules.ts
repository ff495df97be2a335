import { DEFAULT_RULES } from '../alerting/defaults';
import type { DemoClient } from './client';
import type { ConfigStep } from './config-step';

/** The demo's tag holding every server: its default rules watch each server on its own. */
export const FLEET_TAG = 'fleet';

interface AlertRow {
  id: number;
  name: string;
  type: string;
}

async function listAll<T>(client: DemoClient, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const r = await client.request('GET', path, { form: { limit: 2500, page } });
    if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status}`);
    const body = r.body as { data?: T[]; pagination?: { next?: string | null } };
    out.push(...(body.data ?? []));
    if (!body.pagination?.next) return out;
  }
}

/**
 * The default alerts as one per_server rule each on the fleet tag, instead of the same four copied onto
 * every server by its registration: each server still gets its own incident, named after it, and the
 * copies are deleted (through the API). Idempotent: a rule already there is kept, copies made since
 * (a server registered later) are deleted again.
 */
export async function configureFleetRules(client: DemoClient, tagId: number): Promise<ConfigStep[]> {
  const steps: ConfigStep[] = [];
  try {
    const owner = (await listAll<{ id: number; is_account_owner: boolean }>(client, '/api/v5/users/')).find((u) => u.is_account_owner)?.id;
    if (owner === undefined) throw new Error('no account owner among the user profiles');
    const alerts = await listAll<AlertRow>(client, '/api/v5/alerts/');
    const users = [{ id: owner, sendemail: true, sendsms: false, pushnotification: false }];
    for (const rule of DEFAULT_RULES) {
      const step = `alert ${rule.name} per server of tag ${FLEET_TAG}`;
      if (alerts.some((a) => a.type === 'Server Tag' && a.name === rule.name)) {
        steps.push({ step, ok: true, detail: 'exists' });
        continue;
      }
      const r = await client.request('POST', '/api/v5/alerts/', { form: { ...rule, type: 'Server Tag', target_id: tagId, per_server: true, users } });
      const ok = r.status === 201 || r.status === 200;
      steps.push({ step, ok, ...(ok ? {} : { detail: `POST /alerts: HTTP ${r.status} ${JSON.stringify(r.body)}`.slice(0, 300) }) });
    }
    const names = new Set(DEFAULT_RULES.map((d) => d.name));
    let deleted = 0;
    for (const a of alerts.filter((x) => x.type === 'Server' && names.has(x.name))) {
      const r = await client.request('DELETE', `/api/v5/alerts/${a.id}/`);
      if (r.status !== 200 && r.status !== 404) throw new Error(`DELETE /alerts/${a.id}: HTTP ${r.status}`);
      deleted++;
    }
    steps.push({ step: 'per-server copies of the default alerts', ok: true, detail: `${deleted} deleted` });
  } catch (e) {
    steps.push({ step: `default rules on tag ${FLEET_TAG}`, ok: false, detail: e instanceof Error ? e.message : String(e) });
  }
  return steps;
}
