import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseIncidentKey } from '../alerting/channel-payloads/facts';
import { pagerDutySigned } from './pagerduty-webhooks';

const SECRET = 'whsec_q8Kf3nV0bX2mPz7YtR5uW1cE9aL4sD6h';
const body = Buffer.from('{"event":{"event_type":"incident.acknowledged"}}');
const hex = (b: Buffer, secret = SECRET) => createHmac('sha256', secret).update(b).digest('hex');

describe('pagerDutySigned', () => {
  it.each([
    ['one v1 signature', `v1=${hex(body)}`, true],
    ['upper-case hex', `v1=${hex(body).toUpperCase()}`, true],
    ['the second of two (rotation)', `v1=${'a'.repeat(64)},v1=${hex(body)}`, true],
    ['the first of two, with spaces', ` v1=${hex(body)} , v1=${'b'.repeat(64)}`, true],
    ['no header', undefined, false],
    ['empty', '', false],
    ['another secret', `v1=${hex(body, 'another-secret-0000000')}`, false],
    ['another scheme', `v0=${hex(body)}`, false],
    ['without the scheme', hex(body), false],
    ['cut short', `v1=${hex(body).slice(0, 63)}`, false],
    ['one character more', `v1=${hex(body)}0`, false],
    ['not hex', `v1=${'z'.repeat(64)}`, false],
  ])('%s', (_name, header, ok) => {
    expect(pagerDutySigned(header, body, SECRET)).toBe(ok);
  });

  it('signs the exact bytes: a changed body does not verify', () => {
    expect(pagerDutySigned(`v1=${hex(body)}`, Buffer.concat([body, Buffer.from(' ')]), SECRET)).toBe(false);
  });
});

describe('parseIncidentKey', () => {
  it.each([
    ['fleetwatch-1-42', { accountId: 1, historyId: 42 }],
    ['fleetwatch-12-999999999999999', { accountId: 12, historyId: 999999999999999 }],
    ['fleetwatch-1-042', null],
    ['fleetwatch-0-42', null],
    ['fleetwatch-1-42x', null],
    ['fleetwatch-1-', null],
    ['x-fleetwatch-1-42', null],
    ['fleetwatch-1-42\n', null],
    ['fleetwatch-1-1234567890123456', null],
    ['d3640fbd41094207a1c11e58e46b1662', null],
    ['', null],
  ])('%j', (key, out) => {
    expect(parseIncidentKey(key)).toEqual(out);
  });
});
