import type { ChannelEvent } from '../../shared/channels';
import type { NewChannelMessage } from '../store/repos/outbox';

/**
 * The messages of an alert event to the alert's channels, given the incident's history id. A silenced
 * incident's messages are recorded as silenced and never sent, as its e-mails are; the store's writer
 * leaves out channels that do not take the event (a webhook is not told ACKNOWLEDGED).
 */
export const channelMessages =
  (alert: { id: number; channels: readonly number[] }, event: Exclude<ChannelEvent, 'TEST'>, silenced: boolean) =>
  (historyId: number): NewChannelMessage[] =>
    alert.channels.map((channelId) => ({ channelId, alertId: alert.id, historyId, event, silenced }));
