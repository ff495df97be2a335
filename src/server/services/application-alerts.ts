import type { TemplateSuggestion } from '../../shared/app-templates';
import { alertCreate } from '../../shared/alerts';
import type { ApplicationRecord } from '../store/repos/applications';
import type { Store } from '../store/store';
import { createAlert } from './alerts';

/** POST /alerts values of each suggestion name the templates offer (the suggestion's detail in words). */
async function valuesOf(store: Store, accountId: number, app: ApplicationRecord, name: string): Promise<Record<string, unknown> | null> {
  if (name === 'Processes') return { trigger_type: 'Processes', direction: 'below', threshold: 1, time_above_threshold: 2 };
  if (name === 'CPU') return { trigger_type: 'CPU', threshold: 80, time_above_threshold: 5 };
  if (name === 'Memory') {
    // Application memory is in bytes: 90% of the memory of the servers it runs on.
    let mem = 0;
    for (const s of app.servers) mem += (await store.servers.get(accountId, s))?.capacity_mem ?? 0;
    return mem > 0 ? { trigger_type: 'Memory', threshold: Math.round(mem * 0.9), time_above_threshold: 5 } : null;
  }
  return null;
}

/**
 * Creates the chosen alert suggestions on an application, notifying the account owner by e-mail
 * (as the default server alerts do). A suggestion whose trigger the application already has is
 * skipped, so extending a process group does not duplicate its alerts.
 */
export async function createSuggestedAlerts(store: Store, accountId: number, app: ApplicationRecord, chosen: readonly TemplateSuggestion[], now: number) {
  if (chosen.length === 0) return;
  const owner = (await store.users.list(accountId, {}, { limit: 2500, page: 0 })).items.find((u) => u.is_account_owner);
  if (!owner) return;
  const existing = (await store.alerts.list(accountId, { type: 'Application', targetId: app.id }, { limit: 2500, page: 0 })).items;
  for (const s of chosen) {
    const values = await valuesOf(store, accountId, app, s.name);
    if (!values || existing.some((a) => a.trigger_type === values.trigger_type)) continue;
    const name = `${s.name}: ${app.name}`.slice(0, 32);
    const input = alertCreate.parse({ ...values, name, type: 'Application', target_id: String(app.id), users: JSON.stringify([owner.id]) });
    await createAlert(store, accountId, input, now);
  }
}
