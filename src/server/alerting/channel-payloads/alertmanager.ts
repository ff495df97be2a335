import { createHash } from 'node:crypto';
import { incidentKey, isoTime, messageFacts, type PayloadInput } from './facts';

/** Alertmanager's "zero" time: what endsAt says of an alert still firing. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

type Labels = Record<string, string>;

export interface AlertmanagerAlert {
  status: 'firing' | 'resolved';
  labels: Labels;
  annotations: Labels;
  startsAt: string;
  endsAt: string;
  generatorURL: string;
  fingerprint: string;
}

/** Alertmanager's webhook payload, version 4 (https://prometheus.io/docs/alerting/latest/configuration/#webhook_config). */
export interface AlertmanagerWebhook {
  version: '4';
  groupKey: string;
  truncatedAlerts: 0;
  status: 'firing' | 'resolved';
  receiver: string;
  groupLabels: Labels;
  commonLabels: Labels;
  commonAnnotations: Labels;
  externalURL: string;
  alerts: AlertmanagerAlert[];
}

/** 16 hex characters of a hash of the sorted labels, as Alertmanager fingerprints an alert. */
export function fingerprint(labels: Labels): string {
  const text = Object.keys(labels)
    .sort()
    .map((k) => `${k}\u00ff${labels[k]}`)
    .join('\u00ff');
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** A label set as Alertmanager writes it in a groupKey: {a="x", b="y"}, sorted, values quoted. */
const labelText = (l: Labels) => `{${Object.keys(l).sort().map((k) => `${k}=${JSON.stringify(l[k])}`).join(', ')}}`;

/**
 * The webhook payload of a message, as Alertmanager would send it for one alert: TRIGGERED firing,
 * RESOLVED resolved (endsAt set), TEST a firing alert named FleetwatchTest. Labels: alertname, alert_id,
 * incident_id, alert_type, severity, and hostname for one server's incident; annotations: summary,
 * description and the dashboard's links. A webhook is not told ACKNOWLEDGED (Alertmanager has no such state).
 */
export function alertmanagerWebhook(m: PayloadInput): AlertmanagerWebhook {
  const f = messageFacts(m);
  const i = m.incident;
  const resolved = m.event === 'RESOLVED';
  const labels: Labels = i
    ? { alertname: i.alertName, alert_id: String(i.alertId), incident_id: String(i.historyId), alert_type: i.alertType, severity: 'critical' }
    : { alertname: 'FleetwatchTest', severity: 'info' };
  const hostname = i?.serverHostname ?? (i?.servers.length === 1 ? i.servers[0]!.hostname : null);
  if (hostname) labels.hostname = hostname;
  const annotations: Labels = { summary: f.summary, description: f.description };
  if (f.links) {
    annotations.incident_url = f.links.incident;
    if (!resolved) annotations.acknowledge_url = f.links.acknowledge;
  }
  const groupLabels: Labels = i ? { alert_id: String(i.alertId) } : { alertname: 'FleetwatchTest' };
  const status = resolved ? 'resolved' : 'firing';
  return {
    version: '4',
    groupKey: `{}/{fleetwatch="${i ? incidentKey(m.accountId, i.historyId) : `test-${m.deliveryId}`}"}:${labelText(groupLabels)}`,
    truncatedAlerts: 0,
    status,
    receiver: m.channelName,
    groupLabels,
    commonLabels: labels,
    commonAnnotations: annotations,
    externalURL: m.baseUrl,
    alerts: [
      {
        status,
        labels,
        annotations,
        startsAt: isoTime(i ? i.start : m.now),
        endsAt: resolved && i ? isoTime(i.end ?? m.now) : ZERO_TIME,
        generatorURL: f.links?.incident ?? m.baseUrl,
        fingerprint: fingerprint(labels),
      },
    ],
  };
}
