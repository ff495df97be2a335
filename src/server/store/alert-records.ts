// An alert's row and record, the same on both stores: each store decodes its booleans and JSON, then
// alertRecord maps the columns.
import type { SubscriberInput } from '../../shared/alert-inputs';
import type { AlertType } from '../../shared/alerts';
import type { AlertRecord, AlertUserRecord } from './repos/alerts';
import { channelIds } from './common/channel-rows';

/** A row of alerts as SQLite answers it (PostgreSQL: booleans and parsed JSON instead). */
export interface AlertRow {
  id: number;
  account_id: number;
  name: string;
  type: string;
  target_id: string;
  target: string;
  trigger_type: string;
  trigger: string;
  active: number;
  direction: string;
  threshold: number | null;
  threshold_type: string;
  band_value: number;
  window_length: number;
  window_units: string;
  interval: number;
  time_above_threshold: number;
  num_of_servers: number;
  part_name: string;
  ip_details: string;
  reg_exp: string;
  users: string;
  subscribers: string | null;
  /** The alert's channel ids (SQLite JSON text; PostgreSQL bigint[]). */
  channels: unknown;
  last_triggered: number | null;
  in_incident: number;
  per_server: number;
  escalation_policy: number | null;
  created: number;
}

/** The columns an alert is written with, in order (both stores). */
export const ALERT_COLUMNS = [
  'name', 'type', 'target_id', 'target', 'trigger_type', 'trigger', 'active', 'direction', 'threshold',
  'threshold_type', 'band_value', 'window_length', 'window_units', 'interval', 'time_above_threshold',
  'num_of_servers', 'part_name', 'ip_details', 'reg_exp', 'users', 'subscribers', 'per_server', 'channels',
  'escalation_policy',
] as const;
export type AlertColumn = (typeof ALERT_COLUMNS)[number];

/** What a store decodes itself: SQLite's 0/1 and JSON text, PostgreSQL's booleans and jsonb. */
export interface DecodedAlertColumns {
  active: boolean;
  in_incident: boolean;
  per_server: boolean;
  users: AlertUserRecord[];
  subscribers: SubscriberInput[] | null;
}

/** The record of an alert row whose store-specific columns are decoded in `d`. */
export function alertRecord(r: Omit<AlertRow, keyof DecodedAlertColumns>, d: DecodedAlertColumns): AlertRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    type: r.type as AlertType,
    target_id: r.target_id,
    target: r.target,
    trigger_type: r.trigger_type,
    trigger: r.trigger,
    active: d.active,
    direction: r.direction as AlertRecord['direction'],
    threshold: r.threshold,
    threshold_type: r.threshold_type as AlertRecord['threshold_type'],
    band_value: r.band_value,
    window_length: r.window_length,
    window_units: r.window_units as AlertRecord['window_units'],
    interval: r.interval,
    time_above_threshold: r.time_above_threshold,
    num_of_servers: r.num_of_servers,
    part_name: r.part_name,
    ip_details: r.ip_details,
    reg_exp: r.reg_exp,
    users: d.users,
    subscribers: d.subscribers,
    last_triggered: r.last_triggered,
    in_incident: d.in_incident,
    per_server: d.per_server,
    channels: channelIds(r.channels),
    escalation_policy: r.escalation_policy === null ? null : Number(r.escalation_policy),
    created: r.created,
  };
}
