import { parseProcessTarget } from '../../shared/alert-inputs';
import { backtestWindow } from '../../shared/alert-backtest';
import { BULK_MAX_ALERTS, type AlertBulkSelect } from '../../shared/alert-bulk';
import type { AlertUpdate } from '../../shared/alerts';
import type { AlertPatch, AlertRecord } from '../store/repos/alerts';
import type { Store } from '../store/store';
import { backtest } from './alert-backtest';
import { planAlertUpdate } from './alerts';
import { DomainError, invalid, notFound } from './errors';

/** Every item of a paged store list. */
async function everything<T>(list: (paging: { limit: number; page: number }) => Promise<{ total: number; items: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 0; ; page++) {
    const p = await list({ limit: 2500, page });
    out.push(...p.items);
    if (!p.items.length || out.length >= p.total) return out;
  }
}

/** A test of whether an alert is one the filter names; a server or tag of another account is a 404. */
async function filterOf(store: Store, accountId: number, q: AlertBulkSelect): Promise<(a: AlertRecord) => boolean> {
  const tests: ((a: AlertRecord) => boolean)[] = [];
  if (q.ids) {
    const ids = new Set(q.ids);
    tests.push((a) => ids.has(a.id));
  }
  if (q.type) tests.push((a) => a.type === q.type);
  if (q.server_id !== undefined) {
    const sid = q.server_id;
    if (!(await store.servers.get(accountId, sid))) throw notFound('server');
    const tags = new Set((await store.servers.tagIds(accountId, sid)).map(String));
    const apps = new Set((await everything((p) => store.applications.list(accountId, p))).filter((x) => x.servers.includes(sid)).map((x) => String(x.id)));
    tests.push(
      (a) =>
        (a.type === 'Server' && Number(a.target_id) === sid) ||
        (a.type === 'Process' && parseProcessTarget(a.target_id)?.serverId === sid) ||
        (a.type === 'Server Tag' && tags.has(a.target_id)) ||
        (a.type === 'Application' && apps.has(a.target_id)),
    );
  }
  if (q.tag_id !== undefined) {
    const tag = await store.serverTags.get(accountId, q.tag_id);
    if (!tag) throw notFound('server tag');
    const servers = new Set(tag.servers.map(String));
    tests.push((a) => (a.type === 'Server Tag' && a.target_id === String(tag.id)) || (a.type === 'Server' && servers.has(a.target_id)));
  }
  return (a) => tests.every((t) => t(a));
}

/** The alerts a bulk edit selects, in id order; an id that is not the account's alert is a 404. */
export async function selectAlerts(store: Store, accountId: number, q: AlertBulkSelect): Promise<AlertRecord[]> {
  const matches = await filterOf(store, accountId, q);
  const all = await everything((p) => store.alerts.list(accountId, undefined, p));
  const known = new Set(all.map((a) => a.id));
  const missing = q.ids?.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound(`alert ${missing}`);
  const chosen = all.filter(matches);
  if (chosen.length > BULK_MAX_ALERTS) throw invalid(`the selection has ${chosen.length} alerts; a bulk edit changes at most ${BULK_MAX_ALERTS}`, 'ids');
  return chosen;
}

/** Each alert's patch, checked as PUT checks it; the first refusal names its alert and field. */
export async function planBulk(store: Store, accountId: number, alerts: AlertRecord[], input: AlertUpdate): Promise<{ alert: AlertRecord; patch: AlertPatch }[]> {
  const out: { alert: AlertRecord; patch: AlertPatch }[] = [];
  for (const alert of alerts) {
    try {
      out.push({ alert, patch: await planAlertUpdate(store, accountId, alert, input) });
    } catch (e) {
      if (e instanceof DomainError) throw new DomainError(e.kind, `alert ${alert.id} (${alert.name}): ${e.message}`, e.field);
      throw e;
    }
  }
  return out;
}

/** Incidents the alert would have had over the last 7 days; null where a backtest is not available. */
export async function firesLastWeek(store: Store, accountId: number, alert: AlertRecord, now: number): Promise<number | null> {
  try {
    return (await backtest(store, accountId, alert.id, alert, backtestWindow({}, now))).incidents.length;
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'unprocessable') return null;
    throw e;
  }
}
