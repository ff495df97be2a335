import { describe, expect, it } from 'vitest';
import { netPolicy, refusal } from './net-policy';

describe('refusal', () => {
  const none = netPolicy();
  const loop = netPolicy('127.0.0.0/8,::1');
  it.each([
    ['169.254.169.254', none],
    ['169.254.169.254', netPolicy('169.254.0.0/16')],
    ['fe80::1', none],
    ['::ffff:169.254.169.254', loop],
    ['100.100.100.200', none],
    ['0.0.0.0', loop],
    ['127.0.0.1', none],
    ['::1', none],
    ['10.1.2.3', netPolicy('', '10.0.0.0/8')],
    ['127.0.0.1', netPolicy('127.0.0.0/8', '127.0.0.1')],
  ])('refuses %s', (addr, policy) => {
    expect(refusal(addr, policy)).not.toBeNull();
  });
  it.each([
    ['127.0.0.1', loop],
    ['::1', loop],
    ['10.1.2.3', none],
    ['93.184.216.34', none],
    ['2001:db8::1', none],
  ])('permits %s', (addr, policy) => {
    expect(refusal(addr, policy)).toBeNull();
  });
  it('rejects a malformed network list', () => {
    expect(() => netPolicy('not-a-net')).toThrow();
  });
});
