import { LOG_LIMIT_DEFAULT } from '../../shared/logs';
import type { TransactionMessage } from '../../shared/ingest';
import type { ResourceLogs, ResourceSpans } from '../ingest/otlp-model';
import type { Store } from '../store/store';
import { inWindow, LANGUAGE_TEMPLATES, logMessage, otlpLogSource, resourceTarget, spanMessage, type ResourceTarget } from './otlp-map';
import { ensureTransactionLogs } from './transactions';

/** What an export stored: items accepted and rejected, and why the first rejection happened. */
export interface OtlpOutcome {
  accepted: number;
  rejected: number;
  message: string;
}

class Tally {
  accepted = 0;
  rejected = 0;
  message = '';
  reject(n: number, why: string) {
    if (n === 0) return;
    this.rejected += n;
    this.message ||= why;
  }
  get outcome(): OtlpOutcome {
    return { accepted: this.accepted, rejected: this.rejected, message: this.message };
  }
}

/** The live server of the account with this hostname (the lowest id when several), memoised per export. */
function serverFinder(store: Store, accountId: number) {
  const memo = new Map<string, Promise<number | null>>();
  return (host: string | null): Promise<number | null> => {
    if (host === null) return Promise.resolve(null);
    let p = memo.get(host);
    if (!p) memo.set(host, (p = store.servers.list(accountId, { hostname: host }, { limit: 1, page: 0 }).then((r) => r.items[0]?.id ?? null)));
    return p;
  };
}

const noServer = (t: ResourceTarget) =>
  t.host === null
    ? `service ${t.service}: the resource has no host.name attribute, so no server to store it on`
    : `service ${t.service}: no server of this account has hostname ${t.host} (run the collector or scrape node_exporter there first)`;

/** The service's application (of its SDK language's template), created when missing, running on the server. */
async function ensureApplication(store: Store, accountId: number, serverId: number, t: ResourceTarget, language: string, now: number) {
  const template = LANGUAGE_TEMPLATES[language];
  if (template === undefined) return;
  const app = (await store.applications.byTemplate(accountId, template)).find((a) => a.name === t.service);
  if (!app) await store.applications.create(accountId, { name: t.service, template, servers: [serverId] }, now);
  else if (!app.servers.includes(serverId)) await store.applications.addServers(accountId, app.id, [serverId]);
}

/**
 * Stores the spans of an OTLP export as transaction messages of their host's server (otlp-map.ts
 * says how). Spans are rejected, not stored, when their resource's host is no server of the
 * account, while the account's transactions are off, or when their time is outside OTLP_TIME_WINDOW.
 * Resolves once every accepted span is committed.
 */
export async function ingestSpans(store: Store, accountId: number, resources: ResourceSpans[], now: number): Promise<OtlpOutcome> {
  const tally = new Tally();
  const flags = await store.transactions.get(accountId);
  const total = resources.reduce((n, r) => n + r.spans.length, 0);
  if (!flags.on || !flags.enabled) {
    tally.reject(total, 'transactions are off for this account: turn them on (PUT /api/v5/transactions/ transactions_on=true) to store spans');
    return tally.outcome;
  }
  const serverOf = serverFinder(store, accountId);
  const perServer = new Map<number, TransactionMessage[]>();
  for (const r of resources) {
    const target = resourceTarget(r.resource);
    const serverId = await serverOf(target.host);
    if (serverId === null) {
      tally.reject(r.spans.length, noServer(target));
      continue;
    }
    const list = perServer.get(serverId) ?? [];
    for (const span of r.spans) {
      const m = spanMessage(span, target);
      if (m && !inWindow(m.time, now)) tally.reject(1, `span ${span.spanId}: its start is more than a day old or in the future`);
      else {
        tally.accepted++;
        if (m) list.push(m);
      }
    }
    perServer.set(serverId, list);
    await ensureApplication(store, accountId, serverId, target, String(r.resource['telemetry.sdk.language'] ?? ''), now);
  }
  for (const [serverId, transactions] of perServer) {
    if (transactions.length === 0) continue;
    await ensureTransactionLogs(store, accountId, serverId);
    await store.telemetry.writeEvents(accountId, serverId, { logs: [], transactions });
  }
  return tally.outcome;
}

/**
 * Stores the log records of an OTLP export as messages of a log per service and host: a FILE log
 * `/otlp/<service.name>` on the host's server, created when missing. Records are rejected when their
 * host is no server of the account or their time is outside OTLP_TIME_WINDOW.
 */
export async function ingestLogs(store: Store, accountId: number, resources: ResourceLogs[], now: number): Promise<OtlpOutcome> {
  const tally = new Tally();
  const serverOf = serverFinder(store, accountId);
  for (const r of resources) {
    const target = resourceTarget(r.resource);
    const serverId = await serverOf(target.host);
    if (serverId === null) {
      tally.reject(r.records.length, noServer(target));
      continue;
    }
    const messages = [];
    for (const rec of r.records) {
      const m = logMessage(rec);
      if (!inWindow(m.time, now)) tally.reject(1, `log record at ${m.time}: more than a day old or in the future`);
      else messages.push(m);
    }
    if (messages.length === 0) continue;
    const { record } = await store.logs.create(accountId, { serverId, sourceType: 'FILE', source: otlpLogSource(target.service), limit: LOG_LIMIT_DEFAULT });
    await store.telemetry.writeEvents(accountId, serverId, { logs: [{ log_id: record.id, messages }], transactions: [] });
    tally.accepted += messages.length;
  }
  return tally.outcome;
}
