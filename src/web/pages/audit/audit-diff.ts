/** Names the dashboard knows, by kind and id (a kind missing or an id unknown falls back to "#id"). */
export type NameBook = Partial<Record<NameKind, ReadonlyMap<number, string>>>;
export type NameKind = 'servers' | 'server_tags' | 'server_sets' | 'users' | 'alerts';

/** One changed field, as a person reads it. */
export interface ReadableChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Fields that name other items by id, and the kind of item they name. */
const ID_FIELDS: Record<string, NameKind> = {
  servers: 'servers',
  server_id: 'servers',
  server: 'servers',
  server_tags: 'server_tags',
  server_tag_id: 'server_tags',
  server_sets: 'server_sets',
  server_set_id: 'server_sets',
  users: 'users',
  user_id: 'users',
  invited_by: 'users',
  acknowledged_by: 'users',
  alert_id: 'alerts',
  alerts: 'alerts',
};

/** Fields derived from others or that only locate the item: never a change worth reading. */
const NOISE = new Set(['id', 'is_account_owner', 'url', 'resource_url', 'avatar_url', 'nick_name', 'role_text', 'is_account_manager', 'in_incident', 'last_triggered']);

/** Epoch-second fields: by name (`start`, `end`, `created`, `*_at`, `expires`, ...) and a plausible value. */
const TIME_FIELD = /(^|_)(start|end|time|created|updated|expires|until|at|from|to|seen)$/;
const isEpoch = (field: string, v: unknown): v is number => typeof v === 'number' && TIME_FIELD.test(field) && v >= 946_684_800 && v < 4_102_444_800;

/** "server_tags" -> "Server tags". */
export const fieldLabel = (field: string) => {
  const t = field.replace(/_/g, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** A local date-time ("12 Jan 2027, 14:00"), in `timeZone` (the browser's by default). */
export function localTime(t: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(t * 1000));
}

const nameOf = (book: NameBook, kind: NameKind, id: unknown) => (typeof id === 'number' ? (book[kind]?.get(id) ?? `#${id}`) : valueText(id));

function valueText(v: unknown): string {
  if (v === undefined || v === null || v === '') return '–';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

/** One value of a field as text: ids as names, epochs as local times, lists comma-separated. */
export function readValue(field: string, v: unknown, book: NameBook, timeZone?: string): string {
  const kind = ID_FIELDS[field];
  if (kind && Array.isArray(v)) {
    if (v.length === 0) return 'none';
    // A list of ids, or of objects that carry an id (an alert's users with their channels).
    return v.map((x) => nameOf(book, kind, typeof x === 'object' && x !== null && 'id' in x ? (x as { id: unknown }).id : x)).join(', ');
  }
  if (kind && typeof v === 'number') return nameOf(book, kind, v);
  if (isEpoch(field, v)) return localTime(v, timeZone);
  if (field === 'role' && (v === 2 || v === 3)) return v === 2 ? 'Manager' : 'Regular';
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(x)).join(', ') : 'none';
  return valueText(v);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The readable diff of an audited change: only the fields that differ (every field of a created or
 * deleted item, its noise left out), ids turned into the names the dashboard knows and epoch fields
 * into local date-times.
 */
export function readableDiff(before: Record<string, unknown> | null, after: Record<string, unknown> | null, book: NameBook = {}, timeZone?: string): ReadableChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !NOISE.has(k));
  return keys
    .filter((k) => !same(before?.[k], after?.[k]))
    .map((k) => ({
      field: k,
      label: fieldLabel(k),
      before: before && k in before ? readValue(k, before[k], book, timeZone) : '–',
      after: after && k in after ? readValue(k, after[k], book, timeZone) : '–',
    }));
}

/** How the log names a resource's item in a sentence ("alert", "tag", ...). */
const NOUNS: Record<string, string> = {
  alerts: 'alert',
  alert_deliveries: 'alert delivery',
  alert_histories: 'incident',
  server_tags: 'tag',
  server_tags_of_server: 'tags of server',
  server_sets: 'set',
  maintenance_windows: 'maintenance window',
  silences: 'silence',
  servers: 'server',
  users: 'user',
  invitations: 'invitation',
  logs: 'log',
  buckets: 'bucket',
  polled_data_config: 'polled-data configuration of server',
  notification_settings: 'notification settings',
  transactions: 'transaction settings',
  autodetect: 'auto-detection',
};

/** The noun of a resource; an unknown one reads as itself. */
export const resourceNoun = (resource: string) => NOUNS[resource] ?? resource.replace(/_/g, ' ');

const BOOK_OF: Record<string, NameKind> = { alerts: 'alerts', server_tags: 'server_tags', server_sets: 'server_sets', servers: 'servers', users: 'users', server_tags_of_server: 'servers', polled_data_config: 'servers' };

function itemName(item: Record<string, unknown> | null): string | null {
  if (!item) return null;
  for (const k of ['name', 'nickname', 'hostname', 'subject', 'source']) if (typeof item[k] === 'string' && item[k]) return item[k];
  const person = [item.first_name, item.last_name].filter((x) => typeof x === 'string' && x).join(' ');
  if (person) return person;
  return typeof item.email === 'string' ? item.email : null;
}

/** What an entry changed: "alert 'CPU high'", "user 'Ada Lovelace'", "notification settings". */
export function describeItem(e: { resource: string; resource_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }, book: NameBook = {}): string {
  const noun = resourceNoun(e.resource);
  const kind = BOOK_OF[e.resource];
  const name = itemName(e.after) ?? itemName(e.before) ?? (kind && e.resource_id !== null ? book[kind]?.get(e.resource_id) : undefined);
  if (name) return `${noun} '${name}'`;
  return e.resource_id === null ? noun : `${noun} #${e.resource_id}`;
}

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  role: 'changed the role of',
  rotate_key: 'made a new API key for',
  revoke_key: 'revoked the API key of',
  accept_invitation: 'joined by invitation as',
  acknowledge: 'acknowledged',
  unacknowledge: 'took back the acknowledgement of',
  acknowledge_link: 'acknowledged (e-mailed link)',
  add_note: 'added a note to',
  bulk_update: 'changed (bulk edit)',
  redeliver: 'redelivered',
};

/** The action as a verb ("created"); an unknown one reads as itself. */
export const actionVerb = (action: string) => VERBS[action] ?? action.replace(/_/g, ' ');

/** The actions the filter offers, as the service records them. */
export const AUDIT_ACTIONS = Object.keys(VERBS);
