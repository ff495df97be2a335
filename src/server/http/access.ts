import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEEDS_MANAGER, NEEDS_OWNER, PERMISSIONS, isManager, type Need, type Permission } from '../../shared/access';
import type { Deps } from '../deps';
import { forbidden } from './errors';

export type { Need };

/**
 * The access and audit rule of one writing endpoint. Who may call it comes from the shared
 * permission table (shared/access.ts), the one the dashboard decides its controls with; for `self`
 * the user concerned is the one named by the path's `:id`.
 */
export interface Rule {
  need: Need;
  /** Resource name in the audit log. */
  resource: string;
  action: string;
  /** The path (as registered) whose GET answers the item before and after the change. */
  read?: string;
  /** The path parameter holding the changed item's id (default `id`). */
  idParam?: string;
  /** Refused for everyone, the owner included, when `:id` is the owner's profile. */
  protectOwner?: string;
  /** Not a configuration change: not audited. */
  noAudit?: true;
}

/** The need of a permission, for the rules below. */
const of = (p: Permission): Need => PERMISSIONS[p];

const crud = (resource: string, path: string, permission: Permission): Record<string, Rule> => {
  const need = of(permission);
  return {
    [`POST ${path}`]: { need, resource, action: 'create', read: `${path}/:id` },
    [`PUT ${path}/:id`]: { need, resource, action: 'update', read: `${path}/:id` },
    [`DELETE ${path}/:id`]: { need, resource, action: 'delete', read: `${path}/:id` },
  };
};

/**
 * Every writing endpoint of the API (PATCH follows its PUT). Reads (GET/HEAD) are open to every
 * role. A writing route missing here is refused to all but Managers (and a test fails).
 */
export const WRITE_RULES: Record<string, Rule> = {
  ...crud('alerts', '/alerts', 'alerts.write'),
  // A backtest stores nothing: a read in POST form (it takes the create form), open to every role.
  'POST /alerts/backtest': { need: of('alerts.backtest'), resource: 'alerts', action: 'backtest', noAudit: true },
  // Audited by the route itself: one entry per alert changed (none for a dry run).
  'POST /alerts/bulk': { need: of('alerts.write'), resource: 'alerts', action: 'bulk_update', noAudit: true },
  'POST /alerts/:id/test_callback': { need: of('alerts.write'), resource: 'alerts', action: 'test_callback', noAudit: true },
  'POST /alerts/:id/deliveries/:did/redeliver': {
    need: of('alerts.write'), resource: 'alert_deliveries', action: 'redeliver', idParam: 'did', read: '/alerts/:id/deliveries/:did',
  },
  // Incident response: every role may acknowledge and write notes (issue 18).
  'POST /alert_histories/:id/acknowledge': { need: of('incidents.respond'), resource: 'alert_histories', action: 'acknowledge', read: '/alert_histories/:id' },
  'POST /alert_histories/:id/unacknowledge': { need: of('incidents.respond'), resource: 'alert_histories', action: 'unacknowledge', read: '/alert_histories/:id' },
  'POST /alert_histories/:id/notes': { need: of('incidents.respond'), resource: 'alert_histories', action: 'add_note' },
  // Signed in by the link itself, not a user: audited by the route (routes/incidents.ts) as the link's recipient.
  'POST /ack/:token': { need: of('incidents.respond'), resource: 'alert_histories', action: 'acknowledge_link', noAudit: true },
  // Signed by PagerDuty, not a user (issue 19): audited by the route (routes/pagerduty-webhook.ts) as the account owner, naming the PagerDuty agent.
  'POST /channels/:id/pagerduty_webhook': { need: of('incidents.respond'), resource: 'alert_histories', action: 'pagerduty_webhook', noAudit: true },
  // Ingest tokens (issue 19): the token is answered once, by create; the log keeps the masked item.
  'POST /ingest_tokens': { need: of('ingest_tokens.write'), resource: 'ingest_tokens', action: 'create', read: '/ingest_tokens/:id' },
  'DELETE /ingest_tokens/:id': { need: of('ingest_tokens.write'), resource: 'ingest_tokens', action: 'delete', read: '/ingest_tokens/:id' },
  'PUT /autodetect/resources': { need: of('settings.write'), resource: 'autodetect', action: 'update' },
  'POST /buckets': { need: of('ingest'), resource: 'buckets', action: 'ingest', noAudit: true },
  'DELETE /buckets': { need: of('buckets.write'), resource: 'buckets', action: 'delete' },
  'DELETE /buckets/:id': { need: of('buckets.write'), resource: 'buckets', action: 'delete', read: '/buckets/:id' },
  'POST /collector/batches': { need: of('ingest'), resource: 'collector', action: 'ingest', noAudit: true },
  'POST /collector/register': { need: of('ingest'), resource: 'collector', action: 'register', noAudit: true },
  ...crud('logs', '/logs', 'logs.write'),
  ...crud('maintenance_windows', '/maintenance_windows', 'maintenance_windows.write'),
  ...crud('server_sets', '/server_sets', 'server_sets.write'),
  ...crud('server_tags', '/server_tags', 'server_tags.write'),
  ...crud('silences', '/silences', 'silences.write'),
  ...crud('schedules', '/schedules', 'schedules.write'),
  // Every role takes shifts; the service keeps a Regular user's overrides to themselves. Audited as the schedule before and after.
  'POST /schedules/:id/overrides': { need: of('schedules.override'), resource: 'schedules', action: 'add_override', read: '/schedules/:id' },
  'DELETE /schedules/:id/overrides/:oid': { need: of('schedules.override'), resource: 'schedules', action: 'remove_override', read: '/schedules/:id' },
  ...crud('channels', '/channels', 'channels.write'),
  ...crud('scrape_targets', '/scrape_targets', 'scrape_targets.write'),
  // Sends a message to the receiver, changes no configuration.
  'POST /channels/:id/test': { need: of('channels.write'), resource: 'channels', action: 'test', noAudit: true },
  ...crud('escalation_policies', '/escalation_policies', 'escalation_policies.write'),
  'PUT /servers/:id': { need: of('servers.write'), resource: 'servers', action: 'update', read: '/servers/:id' },
  'DELETE /servers/:id': { need: of('servers.write'), resource: 'servers', action: 'delete', read: '/servers/:id' },
  'PUT /servers/:id/polled_data_config': {
    need: of('settings.write'), resource: 'polled_data_config', action: 'update', read: '/servers/:id/polled_data_config',
  },
  'PUT /servers/:id/tags': { need: of('server_tags.write'), resource: 'server_tags_of_server', action: 'update', read: '/servers/:id/tags' },
  'PUT /notification_settings': { need: of('settings.write'), resource: 'notification_settings', action: 'update', read: '/notification_settings' },
  'PUT /retention': { need: of('retention.write'), resource: 'retention', action: 'update', read: '/retention' },
  'PUT /transactions': { need: of('settings.write'), resource: 'transactions', action: 'update', read: '/transactions' },
  'POST /users': { need: of('users.write'), resource: 'users', action: 'create', read: '/users/:id' },
  'PUT /users/:id': { need: of('users.self'), resource: 'users', action: 'update', read: '/users/:id' },
  'DELETE /users/:id': {
    need: of('users.write'), resource: 'users', action: 'delete', read: '/users/:id', protectOwner: 'the account owner cannot be deleted',
  },
  'PUT /users/:id/role': {
    need: of('users.write'), resource: 'users', action: 'role', read: '/users/:id', protectOwner: "the account owner's role cannot change",
  },
  // No read: the caller's own key may be the one just replaced; the log says that it changed, never the key.
  'POST /users/:id/api_key': { need: of('users.self'), resource: 'users', action: 'rotate_key' },
  'DELETE /users/:id/api_key': { need: of('users.self'), resource: 'users', action: 'revoke_key' },
  // Invitations (extension): a Manager invites; the e-mailed link, not a sign-in, accepts (audited by the route).
  'POST /invitations': { need: of('users.invite'), resource: 'invitations', action: 'create', read: '/invitations/:id' },
  'DELETE /invitations/:id': { need: of('users.invite'), resource: 'invitations', action: 'delete', read: '/invitations/:id' },
  'POST /invitations/accept/:token': { need: of('session'), resource: 'users', action: 'accept_invitation', noAudit: true },
  'POST /session': { need: of('session'), resource: 'session', action: 'sign_in', noAudit: true },
  'DELETE /session': { need: of('session'), resource: 'session', action: 'sign_out', noAudit: true },
};

/** The reads not every role may make. */
export const READ_RULES: Record<string, Rule> = {
  'GET /audit': { need: of('audit.read'), resource: 'audit', action: 'read', noAudit: true },
  // Who was invited is the inviters' business; the invitee reads their own through the link.
  'GET /invitations': { need: of('users.invite'), resource: 'invitations', action: 'read', noAudit: true },
  'GET /invitations/:id': { need: of('users.invite'), resource: 'invitations', action: 'read', noAudit: true },
  'GET /ingest_tokens': { need: of('ingest_tokens.write'), resource: 'ingest_tokens', action: 'read', noAudit: true },
  'GET /ingest_tokens/:id': { need: of('ingest_tokens.write'), resource: 'ingest_tokens', action: 'read', noAudit: true },
};

const PREFIX = /^\/api(\/v5)?/;

/** The rule of a request's route; null for open reads and for requests no route matched. */
export function ruleOf(req: FastifyRequest): Rule | null {
  const url = req.routeOptions.url;
  if (!url) return null;
  const method = req.method === 'PATCH' ? 'PUT' : req.method === 'HEAD' ? 'GET' : req.method;
  const key = `${method} ${url.replace(PREFIX, '').replace(/\/$/, '')}`;
  if (method === 'GET') return READ_RULES[key] ?? null;
  return WRITE_RULES[key] ?? { need: 'manager', resource: key, action: method.toLowerCase() };
}

/** The onRequest check of every /api route, after sign-in: 403 when the role may not do this. */
export function enforceRoles({ store }: Deps) {
  return async function checkRole(req: FastifyRequest, _reply: FastifyReply) {
    const rule = ruleOf(req);
    if (!rule || rule.need === 'any') return;
    const actor = req.user;
    if (rule.need === 'owner') {
      if (!actor.is_account_owner) throw forbidden(NEEDS_OWNER);
      return;
    }
    const raw = (req.params as Record<string, string | undefined>).id;
    const targetId = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
    const target = targetId !== null && req.routeOptions.url?.includes('/users/') ? await store.users.get(req.account.id, targetId) : null;
    if (target?.is_account_owner && rule.protectOwner) throw forbidden(rule.protectOwner);
    if (rule.need === 'self' && targetId === actor.id) return;
    if (!isManager(actor)) throw forbidden(rule.need === 'self' ? `${NEEDS_MANAGER} (a Regular user changes only their own profile and key)` : NEEDS_MANAGER);
    if (rule.need === 'self' && target?.is_account_owner) throw forbidden("only the account owner changes the owner's profile and key");
  };
}
