import { describe, expect, it } from 'vitest';
import type { TimelineSources } from '../store/repos/incidents';
import { assembleTimeline, maskUrl } from './incident-timeline';

describe('maskUrl', () => {
  it.each([
    ['http://user:pw@hooks.example.com:8443/cb', 'http://***@hooks.example.com:8443/cb'],
    ['https://hooks.slack.com/services/T0123ABCD/B0123ABCD/abcDEF123456ghiJKL789', 'https://hooks.slack.com/services/T0123ABCD/B0123ABCD/***'],
    ['https://example.com/alert?token=s3cret&x=1', 'https://example.com/alert?token=***&x=***'],
    ['https://example.com/plain/path', 'https://example.com/plain/path'],
    ['not a url', '***'],
  ])('%s -> %s', (url, masked) => expect(maskUrl(url)).toBe(masked));
});

const history: TimelineSources['history'] = {
  id: 7, alertId: 1, alertName: 'cpu', alertType: 'Server', start: 1000, end: 2000, subject: 'Alert triggered: cpu', html: '', json: '{}',
  text: 'Alert triggered: cpu\n\nThe Server alert "cpu" triggered. Value: 97.\n', sms: '', acknowledgedBy: null, acknowledgedAt: null, silenced: false, triggerValue: 97,
  servers: [], serverId: null, labels: null, generatorUrl: null,
};
const trace = (over: Partial<TimelineSources['deliveries'][number]>): TimelineSources['deliveries'][number] => ({
  channel: 'email', recipient: 'a@example.com', event: 'TRIGGERED', state: 'sent', attempts: 1, error: null, deliveryId: 'd', created: 1000, lastAttemptAt: 1001, groupSize: null, ...over,
});

describe('assembleTimeline', () => {
  it('orders by time, same-second events in story order, and words outcomes as the contract does', () => {
    const t = assembleTimeline({
      history,
      deliveries: [
        trace({ channel: 'callback', recipient: 'http://h/cb?k=v', event: 'RESOLVED', state: 'pending', error: 'interrupted: the worker stopped', lastAttemptAt: 2000, created: 2000 }),
        trace({ state: 'kept', lastAttemptAt: null, created: 1000 }),
        trace({ channel: 'sms', event: '', state: 'failed', error: 'HTTP 500', created: 1600, lastAttemptAt: 1601 }),
      ],
      events: [{ id: 1, kind: 'acknowledged', userId: 3, userName: 'Ann Lee', data: {}, at: 1500 }],
      notes: [{ id: 4, historyId: 7, userId: 3, userName: 'Ann Lee', text: '<i>x</i>', created: 2000 }],
    });
    expect(t.map((e) => [e.kind, e.at])).toEqual([
      ['triggered', 1000], ['notification', 1000], ['acknowledged', 1500], ['notification', 1601], ['notification', 2000], ['note', 2000], ['resolved', 2000],
    ]);
    expect(t[0]).toEqual({ kind: 'triggered', at: 1000, subject: 'Alert triggered: cpu', value: 97, detail: 'The Server alert "cpu" triggered. Value: 97.' });
    expect(t[1]).toMatchObject({ outcome: 'pending', event: 'TRIGGERED' });
    expect(t[3]).toMatchObject({ channel: 'sms', outcome: 'failed', event: 'REMINDER', error: 'HTTP 500' });
    expect(t[4]).toMatchObject({ channel: 'callback', outcome: 'interrupted', recipient: 'http://h/cb?k=***' });
  });
});
