import type { NewDelivery } from '../store/repos/outbox';

/** A subscriber as the engine and the alert store hold it. */
interface Subscriber {
  url: string;
  auth: string | null;
  type: 'get' | 'post';
  event: 'TRIGGERED' | 'RESOLVED' | 'BOTH';
  secret: string | null;
}

/**
 * The spec's callbacks of an alert event: one delivery per subscriber whose event is the status or
 * BOTH. A silenced incident's callbacks still go (the spec requires them), saying silenced=true.
 */
export function callbackDeliveries(
  alertId: number,
  subscribers: readonly Subscriber[] | null,
  historyId: number,
  status: 'TRIGGERED' | 'RESOLVED',
  silenced = false,
): NewDelivery[] {
  return (subscribers ?? [])
    .filter((s) => s.event === 'BOTH' || s.event === status)
    .map((s) => ({ alertId, alertHistoryId: historyId, status, url: s.url, method: s.type, auth: s.auth, secret: s.secret, silenced }));
}
