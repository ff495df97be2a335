import { ROLE_MANAGER } from './users';

/**
 * Who may do something:
 * - `any`: every signed-in role;
 * - `manager`: a Manager or the account owner;
 * - `self`: the user concerned themself, or a Manager/owner for a user other than the owner;
 * - `owner`: the account owner only (what decides the account's disk and its data's lifetime).
 */
export type Need = 'any' | 'manager' | 'self' | 'owner';

/**
 * What each role may do, by permission. The service's access table (server/http/access.ts) builds
 * its rules from these and the dashboard offers a control only when `can` says yes, so the two never
 * disagree: a control the dashboard shows is one the service accepts.
 */
export const PERMISSIONS = {
  'alerts.write': 'manager',
  /** A backtest stores nothing: a read in POST form. */
  'alerts.backtest': 'any',
  /** Acknowledge, un-acknowledge, notes: every role is on call. */
  'incidents.respond': 'any',
  'servers.write': 'manager',
  'server_tags.write': 'manager',
  'server_sets.write': 'manager',
  'maintenance_windows.write': 'manager',
  'silences.write': 'manager',
  'schedules.write': 'manager',
  /** Overrides of on-call schedules: a Regular user for themselves only ("take this shift"; checked by the service), Managers for anyone. */
  'schedules.override': 'any',
  /** Channels (Slack, Teams, PagerDuty, webhooks) and their test messages. */
  'channels.write': 'manager',
  /** Escalation policies (issue 19). */
  'escalation_policies.write': 'manager',
  'logs.write': 'manager',
  'buckets.write': 'manager',
  /** Account settings: auto-detection, notification grouping, transactions, polled-data config. */
  'settings.write': 'manager',
  /** How long each kind of data is kept (issue 21): deleting history is the owner's call. */
  'retention.write': 'owner',
  /** Create and delete profiles, change roles, revoke others' keys. */
  'users.write': 'manager',
  'users.invite': 'manager',
  /** A profile and its key: its own user, or a Manager/owner (never the owner's, unless the owner). */
  'users.self': 'self',
  'audit.read': 'manager',
  /** Tokens that post external (Prometheus) alerts: made, listed and revoked by Managers. */
  'ingest_tokens.write': 'manager',
  /** node_exporter endpoints scraped into servers (issue 20). */
  'scrape_targets.write': 'manager',
  'ingest': 'any',
  'session': 'any',
} as const satisfies Record<string, Need>;

export type Permission = keyof typeof PERMISSIONS;

/** What a decision needs of the signed-in user. */
export interface Actor {
  id: number;
  role: number;
  is_account_owner: boolean;
}

/** The reason shown (and answered by the service, 403) when a role may not do something. */
export const NEEDS_MANAGER = 'this needs the Manager role';

/** The reason shown (and answered by the service, 403) for what only the account owner may do. */
export const NEEDS_OWNER = 'this needs the account owner';

/** Managers and the account owner change configuration; Regular users read it. */
export const isManager = (u: Pick<Actor, 'role' | 'is_account_owner'>) => u.is_account_owner || u.role === ROLE_MANAGER;

/**
 * Whether `u` may do `p`; for a `self` permission, on the user `target` (the owner's profile is the
 * owner's alone). Signed out (null) may do nothing.
 */
export function can(u: Actor | null | undefined, p: Permission, target?: { id: number; is_account_owner: boolean }): boolean {
  if (!u) return false;
  const need: Need = PERMISSIONS[p];
  if (need === 'any') return true;
  if (need === 'owner') return u.is_account_owner;
  if (need === 'self' && target?.id === u.id) return true;
  if (!isManager(u)) return false;
  return !(need === 'self' && target?.is_account_owner);
}
