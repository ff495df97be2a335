import type { PagerDutySeverity } from '../../../shared/channels';
import { clip, incidentKey, isoTime, messageFacts, type PayloadInput } from './facts';

export interface PagerDutyTrigger {
  routing_key: string;
  event_action: 'trigger';
  dedup_key: string;
  payload: {
    summary: string;
    source: string;
    severity: PagerDutySeverity;
    timestamp: string;
    component: string;
    group: string;
    class: string;
    custom_details: Record<string, string | number | null>;
  };
  links: { href: string; text: string }[];
  client: 'Fleetwatch';
  client_url: string;
}
export interface PagerDutyFollowUp {
  routing_key: string;
  event_action: 'acknowledge' | 'resolve';
  dedup_key: string;
}
/** A change event (POST /v2/change/enqueue): what a TEST sends, since it opens no PagerDuty incident. */
export interface PagerDutyChange {
  routing_key: string;
  payload: { summary: string; timestamp: string; source: string; custom_details: Record<string, string> };
}

export type PagerDutyEvent = { endpoint: 'enqueue'; body: PagerDutyTrigger | PagerDutyFollowUp } | { endpoint: 'change'; body: PagerDutyChange };

/**
 * The Events API v2 event of a message. TRIGGERED: a `trigger` whose dedup_key is the incident's stable
 * key, so PagerDuty folds retries and replays into one incident; ACKNOWLEDGED and RESOLVED: `acknowledge`
 * and `resolve` with the same key. TEST: a change event, which checks the routing key without paging.
 */
export function pagerDutyEvent(m: PayloadInput, routingKey: string, severity: PagerDutySeverity): PagerDutyEvent {
  const i = m.incident;
  if (!i) {
    const f = messageFacts(m);
    return { endpoint: 'change', body: { routing_key: routingKey, payload: { summary: clip(f.summary, 1024), timestamp: isoTime(m.now), source: 'fleetwatch', custom_details: { channel: m.channelName, delivery_id: m.deliveryId } } } };
  }
  const dedup = incidentKey(m.accountId, i.historyId);
  if (m.event === 'ACKNOWLEDGED' || m.event === 'RESOLVED') {
    return { endpoint: 'enqueue', body: { routing_key: routingKey, event_action: m.event === 'RESOLVED' ? 'resolve' : 'acknowledge', dedup_key: dedup } };
  }
  const f = messageFacts(m);
  const links = f.links!;
  return {
    endpoint: 'enqueue',
    body: {
      routing_key: routingKey,
      event_action: 'trigger',
      dedup_key: dedup,
      payload: {
        summary: clip(f.summary, 1024),
        source: clip(i.serverHostname ?? i.servers[0]?.hostname ?? i.target ?? 'fleetwatch', 255),
        severity,
        timestamp: isoTime(i.start),
        component: clip(i.target ?? i.alertType, 255),
        group: clip(i.alertType, 255),
        class: clip(i.trigger ?? i.alertType, 255),
        custom_details: {
          alert: i.alertName,
          alert_id: i.alertId,
          incident_id: i.historyId,
          target: f.target,
          value: i.value,
          description: clip(f.description, 2000),
          acknowledge_url: links.acknowledge,
        },
      },
      links: [
        { href: links.incident, text: 'Open the incident in Fleetwatch' },
        { href: links.acknowledge, text: 'Acknowledge in Fleetwatch' },
      ],
      client: 'Fleetwatch',
      client_url: links.incident,
    },
  };
}
