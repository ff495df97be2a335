import { describe, expect, it } from 'vitest';
import type { Silence } from '../../../shared/incident-response';
import { parseUtcMinute } from '../../../shared/utc-time';
import { matcherText, orderSilences, silenceFormOf, silenceFormSchema, silenceInputOf, stateText } from './silence-input';

const at = (utc: string) => parseUtcMinute(utc)!;
const silence = (over: Partial<Silence>): Silence => ({
  id: 1, alerts: [], servers: [], server_tags: [], server_sets: [], alert_name: '', matchers: [], start: at('2030-01-10 10:00'), end: at('2030-01-10 11:00'),
  reason: '', created_by: 1, created: 0, state: 'active', url: '', ...over,
});

describe('silenceInputOf', () => {
  it('sends a new silence from now for the chosen duration', () => {
    const v = { ...silenceFormOf(undefined), alerts: [4], reason: 'reboot' };
    expect(silenceInputOf(v)).toEqual({ alerts: [4], servers: [], server_tags: [], server_sets: [], alert_name: '', reason: 'reboot', duration: 3600 });
  });

  it('sends an edited silence with its start and end as epoch seconds', () => {
    const s = silence({ servers: [2], server_tags: [7], alert_name: 'disk' });
    const v = silenceFormOf(s);
    expect(v.ends).toBe('at');
    expect(silenceInputOf({ ...v, alertName: ' disk ' })).toEqual({ alerts: [], servers: [2], server_tags: [7], server_sets: [], alert_name: 'disk', reason: '', start: s.start, end: s.end });
  });

  it('sends a time that is not one as typed, for the service to name', () => {
    expect(silenceInputOf({ ...silenceFormOf(undefined), ends: 'at', end: '2030-02-30 10:00' }).end).toBe('2030-02-30 10:00');
  });
});

describe('silenceFormSchema', () => {
  const errors = (v: ReturnType<typeof silenceFormOf>) => {
    const r = silenceFormSchema.safeParse(silenceInputOf(v));
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('refuses a silence of everything and one without an end', () => {
    expect(errors(silenceFormOf(undefined))).toEqual(['alerts: choose at least one alert, server, tag, set or alert name to silence']);
    expect(errors({ ...silenceFormOf(undefined), alertName: 'disk', ends: 'at', end: '' })).toEqual(['end: choose when the silence ends']);
    expect(errors({ ...silenceFormOf(undefined), serverSets: [3] })).toEqual([]);
  });
});

describe('orderSilences and stateText', () => {
  it('lists active, then pending soonest first, then expired latest first', () => {
    const list = [
      silence({ id: 1, state: 'expired', end: 100 }),
      silence({ id: 2, state: 'pending', start: 900 }),
      silence({ id: 3, state: 'active' }),
      silence({ id: 4, state: 'expired', end: 200 }),
      silence({ id: 5, state: 'pending', start: 800 }),
    ];
    expect(orderSilences(list).map((s) => s.id)).toEqual([3, 5, 2, 4, 1]);
  });
  it.each([
    [silence({ state: 'active' }), 'Active, 15 min left'],
    [silence({ state: 'pending', start: at('2030-01-10 12:45') }), 'Starts in 2 h'],
    [silence({ state: 'expired' }), 'Expired'],
  ])('%#', (s, want) => expect(stateText(s, at('2030-01-10 10:45'))).toBe(want));
});

describe('matcherText', () => {
  it('names what the silence matches, unknown ids by number', () => {
    const s = silence({ alerts: [1, 9], servers: [2], server_sets: [5], alert_name: 'backup' });
    const names = { alerts: new Map([[1, 'Disk full']]), servers: new Map([[2, 'web-01']]), sets: new Map([[5, 'London']]) };
    expect(matcherText(s, names)).toBe('alerts: Disk full, #9; servers: web-01; sets: London; name contains "backup"');
    expect(matcherText(silence({}), {})).toBe('everything');
  });
});
