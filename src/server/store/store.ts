import type { AccountRepo } from './repos/accounts';
import type { AlertEngineRepo } from './repos/alert-engine';
import type { AlertHistoryRepo } from './repos/alert-histories';
import type { AlertRepo } from './repos/alerts';
import type { IncidentRepo } from './repos/incidents';
import type { ApplicationRepo } from './repos/applications';
import type { BucketRepo } from './repos/buckets';
import type { LeaseRepo } from './repos/leases';
import type { LogRepo } from './repos/logs';
import type { NotificationSettingsRepo } from './repos/notification-settings';
import type { OutboxRepo } from './repos/outbox';
import type { MaintenanceWindowRepo } from './repos/maintenance-windows';
import type { LogDataRepo } from './repos/log-data';
import type { TraceRepo } from './repos/traces';
import type { PolledDataRepo } from './repos/polled-data';
import type { PolledDataConfigRepo } from './repos/polled-data-config';
import type { ServerSetRepo } from './repos/server-sets';
import type { ServerTagRepo } from './repos/server-tags';
import type { SilenceRepo } from './repos/silences';
import type { ScheduleRepo } from './repos/schedules';
import type { ChannelRepo } from './repos/channels';
import type { ServerRepo } from './repos/servers';
import type { TelemetryRepo } from './repos/telemetry';
import type { TransactionSettingsRepo } from './repos/transactions';
import type { AuditRepo, SessionRepo, TeamRepo } from './repos/team';
import type { UserRepo } from './repos/users';
import type { InvitationRepo } from './repos/invitations';
import type { ExternalAlertRepo, IngestTokenRepo } from './repos/external-alerts';
import type { EscalationPolicyRepo, EscalationWalkRepo } from './repos/escalations';

/** Resource usage of the store (Store.usage). */
export type StoreUsage =
  | { kind: 'postgres'; /** connections open */ total: number; idle: number; /** requests queued for a connection */ waiting: number }
  | { kind: 'sqlite'; fileBytes: number; walBytes: number };
import type { ScrapeTargetRepo } from './repos/scrape-targets';
import type { LabelledSeriesRepo } from './repos/labelled-series';
import type { RetentionRepo } from './repos/retention';

/**
 * Everything routes and services may ask of storage. Methods are async and take the account id
 * first, so a PostgreSQL backend can implement the same interface (and shard by account) without
 * touching a route. SQLite (store/sqlite) is the embedded default.
 */
export interface Store {
  accounts: AccountRepo;
  users: UserRepo;
  servers: ServerRepo;
  serverTags: ServerTagRepo;
  serverSets: ServerSetRepo;
  maintenanceWindows: MaintenanceWindowRepo;
  /** Silences of incidents' notifications (issue 18). */
  silences: SilenceRepo;
  /** On-call schedules: rotations and overrides (issue 19). */
  schedules: ScheduleRepo;
  channels: ChannelRepo;
  logs: LogRepo;
  buckets: BucketRepo;
  transactions: TransactionSettingsRepo;
  alerts: AlertRepo;
  alertHistories: AlertHistoryRepo;
  /** Acknowledgement, notes, incident events and acknowledge links of alert histories (issue 18). */
  incidents: IncidentRepo;
  polledData: PolledDataRepo;
  logData: LogDataRepo;
  traces: TraceRepo;
  polledDataConfig: PolledDataConfigRepo;
  applications: ApplicationRepo;
  outbox: OutboxRepo;
  /** The account's notification grouping window (issue 18). */
  notificationSettings: NotificationSettingsRepo;
  /** The alert engine's reads, its evaluation queue and the transaction that applies its decisions. */
  alertEngine: AlertEngineRepo;
  /** Leases that keep singleton jobs to one process among those sharing the store. */
  leases: LeaseRepo;
  telemetry: TelemetryRepo;
  /** Per-user keys and roles (issue 10). */
  team: TeamRepo;
  sessions: SessionRepo;
  audit: AuditRepo;
  /** Invitations of teammates by e-mail (issue 17). */
  invitations: InvitationRepo;
  /** Alerts received from Prometheus, vmalert or Grafana (POST /api/v2/alerts) and their incidents (issue 19). */
  externalAlerts: ExternalAlertRepo;
  /** Per-account tokens that may post external alerts (issue 19). */
  ingestTokens: IngestTokenRepo;
  /** Escalation policies (issue 19). */
  escalationPolicies: EscalationPolicyRepo;
  /** The durable walks of open incidents through their alert's escalation policy. */
  escalationWalks: EscalationWalkRepo;
  /** node_exporter endpoints scraped into servers (issue 20). */
  scrapeTargets: ScrapeTargetRepo;
  /** Metric series by name and labels: Prometheus remote write (issue 20). */
  labelledSeries: LabelledSeriesRepo;
  /** Per-account retention settings and the disk each category takes (issue 21). */
  retention: RetentionRepo;
  /** Answers once the store can serve a query (health checks); rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  /** What the store holds of the machine, for /metrics: the PostgreSQL pool's connections, or the SQLite file sizes. */
  usage(): Promise<StoreUsage>;
  /** Releases the store (connections, file handles); awaited at shutdown. */
  close(): Promise<void>;
}
