import type { Store } from '../store';
import { sqliteAccounts } from './accounts';
import { sqliteAlertEngine } from './alert-engine';
import { sqliteAlertHistories } from './alert-histories';
import { sqliteIncidents } from './incident-response';
import { sqliteAlerts } from './alerts';
import { sqliteApplications } from './applications';
import { sqliteBuckets } from './buckets';
import { sqliteLabelledSeries } from './labelled-series';
import { openDb, type Db } from './db';
import { sqliteLeases } from './leases';
import { sqliteLogs } from './logs';
import { sqliteMaintenanceWindows } from './maintenance-windows';
import { sqliteOutbox } from './outbox';
import { sqliteNotificationSettings } from './notification-settings';
import { sqliteLogData } from './log-data';
import { sqliteTraces } from './traces';
import { sqlitePolledData } from './polled-data';
import { sqlitePolledDataConfig } from './polled-data-config';
import { sqliteServerSets } from './server-sets';
import { sqliteServerTags } from './server-tags';
import { sqliteServers } from './servers';
import { sqliteSilences } from './silences';
import { sqliteSchedules } from './schedules';
import { sqliteChannels } from './channels';
import { sqliteTelemetry } from './telemetry/repo';
import { sqliteTransactions } from './transactions';
import { sqliteUsers } from './users';
import { sqliteAudit } from './audit';
import { sqliteInvitations } from './invitations';
import { sqliteSessions } from './sessions';
import { sqliteTeam } from './team';
import { sqliteExternalAlerts } from './external-alerts';
import { sqliteIngestTokens } from './ingest-tokens';
import { sqliteEscalationPolicies, sqliteEscalationWalks } from './escalations';

import { sqliteScrapeTargets } from './scrape-targets';
import { sqliteRetention } from './retention';
import { stmt } from './telemetry/statements';
import { DEFAULT_WAL_CAP_BYTES, fileSize as sizeOf, startWalGuard } from './wal';

/** The embedded store over one SQLite file; `db` is exposed for modules with their own tables. */
export function openSqliteStore(file: string, opts: { walCapBytes?: number; cacheBytes?: number } = {}): Store & { db: Db } {
  const cap = opts.walCapBytes ?? DEFAULT_WAL_CAP_BYTES;
  const db = openDb(file, cap, opts.cacheBytes);
  const wal = startWalGuard(db, file, cap);
  const retention = sqliteRetention(db, file, wal);
  return {
    db,
    accounts: sqliteAccounts(db),
    users: sqliteUsers(db),
    servers: sqliteServers(db),
    serverTags: sqliteServerTags(db),
    serverSets: sqliteServerSets(db),
    maintenanceWindows: sqliteMaintenanceWindows(db),
    silences: sqliteSilences(db),
    schedules: sqliteSchedules(db),
    channels: sqliteChannels(db),
    logs: sqliteLogs(db),
    buckets: sqliteBuckets(db),
    labelledSeries: sqliteLabelledSeries(db),
    transactions: sqliteTransactions(db),
    alerts: sqliteAlerts(db),
    alertHistories: sqliteAlertHistories(db),
    incidents: sqliteIncidents(db),
    polledData: sqlitePolledData(db),
    logData: sqliteLogData(db),
    traces: sqliteTraces(db),
    polledDataConfig: sqlitePolledDataConfig(db),
    applications: sqliteApplications(db),
    outbox: sqliteOutbox(db),
    notificationSettings: sqliteNotificationSettings(db),
    alertEngine: sqliteAlertEngine(db),
    leases: sqliteLeases(db),
    telemetry: sqliteTelemetry(db),
    team: sqliteTeam(db),
    sessions: sqliteSessions(db),
    audit: sqliteAudit(db),
    invitations: sqliteInvitations(db),
    externalAlerts: sqliteExternalAlerts(db),
    ingestTokens: sqliteIngestTokens(db),
    escalationPolicies: sqliteEscalationPolicies(db),
    escalationWalks: sqliteEscalationWalks(db),
    scrapeTargets: sqliteScrapeTargets(db),
    retention,
    ping: async () => void stmt(db, 'SELECT 1').get(),
    usage: async () => ({ kind: 'sqlite', fileBytes: sizeOf(file), walBytes: sizeOf(`${file}-wal`) }),
    close: async () => {
      wal.stop();
      await retention.close();
      db.close();
    },
  };
}
