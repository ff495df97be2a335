import { StoreUnavailableError } from '../errors';
import type { Store } from '../store';
import { pgAccounts } from './accounts';
import { pgAlertEngine } from './alert-engine';
import { pgAlertHistories } from './alert-histories';
import { pgAlerts } from './alerts';
import { pgApplications } from './applications';
import { pgBuckets } from './buckets';
import { pgLabelledSeries } from './labelled-series';
import { isUnavailable, openPg, type Pg, type PgPoolSettings } from './db';
import { migratePg } from './migrate';
import { assertNotHalfMigrated } from './migration-target';
import { pgLeases } from './leases';
import { pgLogs } from './logs';
import { pgMaintenanceWindows } from './maintenance-windows';
import { pgOutbox } from './outbox';
import { pgIncidents } from './incident-response';
import { pgNotificationSettings } from './notification-settings';
import { pgLogData } from './log-data';
import { pgTraces } from './traces';
import { pgPolledData } from './polled-data';
import { pgPolledDataConfig } from './polled-data-config';
import { pgServerSets } from './server-sets';
import { pgServerTags } from './server-tags';
import { pgServers } from './servers';
import { pgSilences } from './silences';
import { pgSchedules } from './schedules';
import { pgChannels } from './channels';
import { pgTelemetry } from './telemetry/repo';
import { pgTransactions } from './transactions';
import { pgUsers } from './users';
import { pgAudit } from './audit';
import { pgInvitations } from './invitations';
import { pgSessions } from './sessions';
import { pgTeam } from './team';
import { pgExternalAlerts } from './external-alerts';
import { pgIngestTokens } from './ingest-tokens';
import { pgEscalationPolicies, pgEscalationWalks } from './escalations';
import { pgScrapeTargets } from './scrape-targets';
import { pgRetention } from './retention';

/**
 * The PostgreSQL store: connects a pool, applies the repository's migrations under an advisory lock
 * and answers the store with `created` true when the database was empty (the first start).
 */
export async function openPostgresStore(url: string, pool: PgPoolSettings = {}): Promise<{ store: Store & { pg: Pg }; created: boolean }> {
  const db = openPg(url, pool);
  let created: boolean;
  try {
    created = await withStartupRetry(() => migratePg(db));
    await assertNotHalfMigrated(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  const store = {
    pg: db,
    accounts: pgAccounts(db),
    users: pgUsers(db),
    servers: pgServers(db),
    serverTags: pgServerTags(db),
    serverSets: pgServerSets(db),
    maintenanceWindows: pgMaintenanceWindows(db),
    silences: pgSilences(db),
    schedules: pgSchedules(db),
    channels: pgChannels(db),
    logs: pgLogs(db),
    buckets: pgBuckets(db),
    labelledSeries: pgLabelledSeries(db),
    transactions: pgTransactions(db),
    alerts: pgAlerts(db),
    alertHistories: pgAlertHistories(db),
    incidents: pgIncidents(db),
    polledData: pgPolledData(db),
    logData: pgLogData(db),
    traces: pgTraces(db),
    polledDataConfig: pgPolledDataConfig(db),
    applications: pgApplications(db),
    outbox: pgOutbox(db),
    notificationSettings: pgNotificationSettings(db),
    alertEngine: pgAlertEngine(db),
    leases: pgLeases(db),
    telemetry: pgTelemetry(db),
    team: pgTeam(db),
    sessions: pgSessions(db),
    audit: pgAudit(db),
    invitations: pgInvitations(db),
    externalAlerts: pgExternalAlerts(db),
    ingestTokens: pgIngestTokens(db),
    escalationPolicies: pgEscalationPolicies(db),
    escalationWalks: pgEscalationWalks(db),
    scrapeTargets: pgScrapeTargets(db),
    retention: pgRetention(db),
    ping: async () => void (await db.exec('SELECT 1')),
    usage: async () => ({ kind: 'postgres' as const, total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount }),
    close: () => db.close(),
  };
  return { store, created };
}

/**
 * A replica may start before its database answers (both started by one orchestrator): connection
 * failures are retried with backoff for up to PG_CONNECT_WAIT_S seconds (default 60), then reported.
 */
async function withStartupRetry<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + Number(process.env.PG_CONNECT_WAIT_S ?? 60) * 1000;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
    try {
      return await fn();
    } catch (err) {
      if (!isUnavailable(err) && !(err instanceof StoreUnavailableError)) throw err;
      if (Date.now() + delay > deadline) throw err;
      console.error(`waiting for the database: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
