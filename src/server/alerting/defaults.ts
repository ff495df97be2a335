import { alertCreate } from '../../shared/alerts';
import { targetText, triggerText } from '../services/alert-text';
import type { AlertValues } from '../store/repos/alerts';
import type { DefaultAlerts } from '../store/repos/telemetry';

/** The alerts every newly registered server gets (issue: memory 90%, CPU 75%, disk 90%, server down). */
export const DEFAULT_RULES = [
  { name: 'Memory over 90%', trigger_type: 'Memory', threshold: 90, time_above_threshold: 5 },
  { name: 'CPU over 75%', trigger_type: 'CPU', threshold: 75, time_above_threshold: 5 },
  { name: 'Disk over 90%', trigger_type: 'Disk', threshold: 90, time_above_threshold: 1 },
  { name: 'Server down', trigger_type: 'Server Down', time_above_threshold: 2 },
];

/**
 * The default alerts of a new server, notifying the account owner by e-mail, validated by the same
 * schema as POST /alerts; the store writes them in the transaction that registers the server.
 */
export const defaultAlerts: DefaultAlerts = (server, ownerId) =>
  DEFAULT_RULES.map((d): AlertValues => {
    const input = alertCreate.parse({ ...d, type: 'Server', target_id: String(server.id), users: JSON.stringify([ownerId]) });
    const { users: _users, ...rest } = input;
    const values = { ...rest, target_id: String(server.id), users: [{ id: ownerId, sendemail: true, sendsms: false, pushnotification: false }] };
    return { ...values, subscribers: values.subscribers ?? null, target: targetText({ kind: 'server', hostname: server.hostname, nickname: '', os: server.os }), trigger: triggerText(values) };
  });
