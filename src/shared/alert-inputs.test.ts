import { describe, expect, it } from 'vitest';
import { keepSecrets, normalizePorts, parseProcessTarget, parseSubscriber, parseUserEntry, secretSources, type SubscriberInput } from './alert-inputs';
import { alertRuleIssues, TRIGGER_TYPES, TRIGGER_TYPES_BY_TYPE } from './alerts';

describe('alert inputs', () => {
  it('parses process target ids, names with commas included', () => {
    expect(parseProcessTarget('12, 345,1700000000,java,-jar')).toEqual({ serverId: 12, pid: 345, creationTime: 1700000000, name: 'java,-jar' });
    for (const bad of ['12,345,1700000000', '0,1,2,x', 'a,1,2,x', '1,2,3, ']) expect(parseProcessTarget(bad)).toBeNull();
  });

  it('normalizes ports and refuses anything else', () => {
    expect(normalizePorts(' 80 , 443 ')).toBe('80,443');
    expect(normalizePorts('')).toBe('');
    for (const bad of ['0', '65536', '80,,443', 'http']) expect(normalizePorts(bad)).toBeNull();
  });

  it('reads user entries in every accepted form', () => {
    expect(parseUserEntry(5)).toEqual({ ref: 5, sendemail: true, sendsms: false, pushnotification: false });
    expect(parseUserEntry('7')).toMatchObject({ ref: 7 });
    expect(parseUserEntry('Ops@Example.com')).toMatchObject({ ref: 'ops@example.com' });
    expect(parseUserEntry({ id: 3, sendemail: false, sendsms: 'yes' })).toEqual({ ref: 3, sendemail: false, sendsms: true, pushnotification: false });
    for (const bad of [0, -1, 1.5, 'nope', null, [], {}]) expect(typeof parseUserEntry(bad)).toBe('string');
  });

  it('reads subscribers with defaults', () => {
    expect(parseSubscriber('https://x.example.com/cb')).toEqual({ url: 'https://x.example.com/cb', auth: null, type: 'get', event: 'BOTH', secret: undefined });
    expect(parseSubscriber({ url: 'http://x.example.com', type: 'POST', event: 'triggered' })).toMatchObject({ type: 'post', event: 'TRIGGERED' });
    for (const bad of ['file:///etc/passwd', 'not a url', 42, { url: 'http://x.example.com', secret: 5 }]) expect(typeof parseSubscriber(bad)).toBe('string');
  });

  it.each<[string, unknown, string | null | undefined]>([
    ['left out', { url: 'http://x.example.com' }, undefined],
    ['null', { url: 'http://x.example.com', secret: null }, null],
    ['empty', { url: 'http://x.example.com', secret: '' }, null],
    ['given', { url: 'http://x.example.com', secret: 's' }, 's'],
  ])('tells a secret %s apart', (_name, v, secret) => {
    expect(parseSubscriber(v)).toMatchObject({ secret });
  });

  it('pairs new subscribers with stored ones by url and auth, duplicates in order', () => {
    const s = (url: string, auth: string | null = null) => ({ url, auth });
    const stored = [s('http://a.example.com/'), s('http://b.example.com/', 'dTpw'), s('http://a.example.com/')];
    expect(secretSources(stored, [s('HTTP://A.example.com'), s('http://a.example.com/'), s('http://a.example.com/')])).toEqual([0, 2, null]);
    expect(secretSources(stored, [s('http://b.example.com/'), s('http://b.example.com/', 'dTpx'), s('http://b.example.com/', 'dTpw')])).toEqual([null, null, 1]);
  });

  it('keeps omitted secrets, removes null ones and replaces given ones', () => {
    const sub = (url: string, secret: string | null): SubscriberInput => ({ url, auth: null, type: 'get', event: 'BOTH', secret });
    const stored = [sub('http://a.example.com/', 'a'), sub('http://b.example.com/', 'b'), sub('http://c.example.com/', 'c')];
    const sent = [
      { ...sub('http://c.example.com/', null), secret: undefined },
      sub('http://a.example.com/', null),
      sub('http://b.example.com/', 'b2'),
      { ...sub('http://d.example.com/', null), secret: undefined },
    ];
    expect(keepSecrets(stored, sent).map((x) => x.secret)).toEqual(['c', null, 'b2', null]);
    expect(keepSecrets(null, sent).map((x) => x.secret)).toEqual([null, null, 'b2', null]);
  });
});

describe('alert rules', () => {
  const ok = { type: 'Server', target_id: '1', trigger_type: 'CPU', direction: 'above', threshold: 5, threshold_type: 'static', window_length: 1, window_units: 'h' } as const;
  it('accepts every trigger type listed for its alert type and no other', () => {
    for (const [type, triggers] of Object.entries(TRIGGER_TYPES_BY_TYPE)) {
      const target_id = type === 'Process' ? '1,2,3,p' : '1';
      for (const trigger_type of TRIGGER_TYPES) {
        const issues = alertRuleIssues({ ...ok, type: type as 'Server', target_id, trigger_type, threshold: null });
        expect(issues.some((i) => i.field === 'trigger_type'), `${type} ${trigger_type}`).toBe(!triggers.includes(trigger_type));
      }
    }
    expect(TRIGGER_TYPES_BY_TYPE.Application).toHaveLength(20);
  });
  it('allows out of band on Server CPU and refuses it on Server Tag CPU', () => {
    expect(alertRuleIssues({ ...ok, threshold_type: 'out of band' })).toEqual([]);
    expect(alertRuleIssues({ ...ok, type: 'Server Tag', threshold_type: 'out of band' })[0]?.field).toBe('threshold_type');
  });
});
