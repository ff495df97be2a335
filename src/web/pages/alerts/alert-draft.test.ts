import { describe, expect, it } from 'vitest';
import { keepSecrets, type SubscriberInput } from '../../../shared/alert-inputs';
import { alertUpdate, type Alert } from '../../../shared/alerts';
import {
  blankSubscriber,
  checkDraft,
  draftOf,
  emptyDraft,
  fieldsFor,
  secretStates,
  toCreateInput,
  toUpdateInput,
  triggerChoices,
  type AlertDraft,
  type SubscriberDraft,
} from './alert-draft';

const valid = (over: Partial<AlertDraft> = {}): AlertDraft => ({
  ...emptyDraft(),
  name: 'CPU high',
  type: 'Server',
  target_id: '3',
  trigger_type: 'CPU',
  threshold: '80',
  users: [{ id: 1, sendemail: true, sendsms: false, pushnotification: false }],
  ...over,
});

describe('alert draft', () => {
  it('offers only the trigger types of the chosen type', () => {
    expect(triggerChoices('')).toEqual([]);
    expect(triggerChoices('Polled Data')).toEqual(['Nagios']);
    expect(triggerChoices('Log')).toContain('Log Content');
    expect(triggerChoices('Server')).not.toContain('Process Termination');
  });

  it('allows out of band only where the spec does', () => {
    expect(fieldsFor('Server', 'CPU').outOfBand).toBe(true);
    expect(fieldsFor('Server Tag', 'CPU').outOfBand).toBe(false);
    expect(fieldsFor('Server', 'Server Down').outOfBand).toBe(false);
    expect(fieldsFor('Log', 'Log Content')).toMatchObject({ regExp: true, threshold: false, outOfBand: false });
    expect(fieldsFor('Process', 'Port Accessed')).toMatchObject({ ports: true, threshold: false });
  });

  it('accepts a valid draft', () => {
    expect(checkDraft(valid(), true)).toEqual({});
  });

  it.each<[string, Partial<AlertDraft>, string, RegExp]>([
    ['no type', { type: '' }, 'type', /type must be chosen/],
    ['a long name', { name: 'x'.repeat(33) }, 'name', /name must be 1-32 characters/],
    ['a decimal CPU threshold', { threshold: '80.5' }, 'threshold', /must be an integer for CPU/],
    ['a trigger of another type', { trigger_type: 'Nagios' }, 'trigger_type', /not allowed for type Server/],
    ['no users', { users: [] }, 'users', /at least one user/],
    ['a bad subscriber url', { subscribers: [{ ...blankSubscriber(), url: 'ftp://x' }] }, 'subscribers', /http or https/],
    ['outside bounds while static', { direction: 'outside bounds' }, 'direction', /needs threshold_type out of band/],
    ['a long out-of-band window in hours', { threshold_type: 'out of band', window_length: '30' }, 'window_length', /between 1 and 23/],
    ['a bad Process target', { type: 'Process', trigger_type: 'CPU', target_id: '3' }, 'target_id', /<server_id>,<pid>/],
  ])('refuses %s at its field', (_name, over, field, message) => {
    expect(checkDraft(valid(over), true)[field]).toMatch(message);
  });

  it('sends band fields only for out of band, and leaves unused fields out', () => {
    const plain = toCreateInput(valid({ reg_exp: 'x', band_value: '5' }));
    expect(plain).toMatchObject({ threshold_type: 'static', band_value: undefined, reg_exp: undefined });
    const band = toCreateInput(valid({ threshold_type: 'out of band', band_value: '3' }));
    expect(band).toMatchObject({ threshold_type: 'out of band', band_value: '3', window_units: 'h' });
    const serverDown = toCreateInput(valid({ trigger_type: 'Server Down', threshold: '5' }));
    expect(serverDown.threshold).toBeUndefined();
  });

  it('checks updates with the update schema and the cross-field rules', () => {
    expect(checkDraft(valid({ threshold: '1.5' }), false).threshold).toMatch(/integer/);
    expect(checkDraft(valid({ name: '' }), false).name).toMatch(/1-32/);
    expect(checkDraft(valid(), false)).toEqual({});
  });
});

describe('alert draft: subscriber secrets', () => {
  const A = 'https://a.example.com/hook';
  const B = 'https://b.example.com/hook';
  const C = 'https://c.example.com/hook';
  const AUTH = btoa('u:p');
  // What the service stores; the answer below shows only has_secret.
  const stored: SubscriberInput[] = [
    { url: A, auth: null, type: 'get', event: 'BOTH', secret: 'a' },
    { url: B, auth: AUTH, type: 'post', event: 'TRIGGERED', secret: 'b' },
    { url: C, auth: null, type: 'get', event: 'BOTH', secret: null },
  ];
  const alert: Alert = {
    id: 9, name: 'cpu', active: true, direction: 'above', type: 'Server', target: 'web-1', target_id: 3, trigger: 'CPU above 80%',
    trigger_type: 'CPU', num_of_servers: 1, interval: 10, time_above_threshold: 1, threshold: 80, reg_exp: '', part_name: 'MAX',
    ip_details: '', last_triggered: null, in_incident: false, users: [{ id: 1, sendemail: true, sendsms: false, pushnotification: false }],
    subscribers: stored.map(({ secret, ...s }) => ({ ...s, has_secret: secret !== null })),
    window_length: 1, window_units: 'h', band_value: 2, threshold_type: 'static', per_server: false, channels: [], escalation_policy: null, url: '/api/v5/alerts/9/',
  };
  const edit = (d: AlertDraft, i: number, patch: Partial<SubscriberDraft>): AlertDraft => ({
    ...d,
    subscribers: d.subscribers.map((s, j) => (i === j ? { ...s, ...patch } : s)),
  });
  /** The secrets the service ends up with after saving the draft (same schema, same rule). */
  const saved = (d: AlertDraft) => keepSecrets(stored, alertUpdate.parse(toUpdateInput(d)).subscribers!).map((s) => s.secret);

  it('shows "secret set" and leaves secret out when saved untouched, so every secret is kept', () => {
    const d = draftOf(alert);
    expect(secretStates(d.storedSubscribers, d.subscribers)).toEqual(['kept', 'kept', 'none']);
    const sent = toUpdateInput(d).subscribers as Record<string, unknown>[];
    expect(sent.map((s) => 'secret' in s)).toEqual([false, false, false]);
    expect(sent[1]).toEqual({ url: B, auth: AUTH, type: 'post', event: 'TRIGGERED' });
    expect(saved(d)).toEqual(['a', 'b', null]);
    expect(saved({ ...d, name: 'renamed', subscribers: d.subscribers.map((s) => ({ ...s, event: 'RESOLVED' as const })) })).toEqual(['a', 'b', null]);
  });

  it.each<[string, (d: AlertDraft) => AlertDraft, string[], (string | null)[]]>([
    ['removing a secret sends null', (d) => edit(d, 0, { removeSecret: true }), ['removed', 'kept', 'none'], [null, 'b', null]],
    ['typing a secret replaces it', (d) => edit(d, 0, { secret: ' new ' }), ['replaced', 'kept', 'none'], [' new ', 'b', null]],
    ['a secret may be given to a subscriber without one', (d) => edit(d, 2, { secret: 'c' }), ['kept', 'kept', 'new'], ['a', 'b', 'c']],
    ['a changed url drops the stored secret and says so', (d) => edit(d, 0, { url: 'https://other.example.com/' }), ['dropped', 'kept', 'none'], [null, 'b', null]],
    ['changed credentials drop it too', (d) => edit(d, 1, { auth: '' }), ['kept', 'dropped', 'none'], ['a', null, null]],
    ['a changed url with the secret typed again keeps signing', (d) => edit(d, 0, { url: 'https://other.example.com/', secret: 'a' }), ['new', 'kept', 'none'], ['a', 'b', null]],
    ['deleting a row keeps the others', (d) => ({ ...d, subscribers: d.subscribers.slice(1) }), ['kept', 'none'], ['b', null]],
    ['an added row starts without one', (d) => ({ ...d, subscribers: [...d.subscribers, { ...blankSubscriber(), url: 'https://d.example.com/' }] }), ['kept', 'kept', 'none', 'none'], ['a', 'b', null, null]],
    ['a url typed with spaces and capitals is still the same subscriber', (d) => edit(d, 0, { url: ` ${A.toUpperCase().replace('/HOOK', '/hook')} ` }), ['kept', 'kept', 'none'], ['a', 'b', null]],
  ])('%s', (_name, change, states, secrets) => {
    const d = change(draftOf(alert));
    expect(secretStates(d.storedSubscribers, d.subscribers)).toEqual(states);
    expect(checkDraft(d, false)).toEqual({});
    expect(saved(d)).toEqual(secrets);
  });

  it('sends a typed secret on create and none for an empty one', () => {
    const d = valid({ subscribers: [{ ...blankSubscriber(), url: A, secret: 's' }, { ...blankSubscriber(), url: B }] });
    expect(secretStates(d.storedSubscribers, d.subscribers)).toEqual(['new', 'none']);
    expect(toCreateInput(d).subscribers).toEqual([
      { url: A, auth: null, type: 'post', event: 'BOTH', secret: 's' },
      { url: B, auth: null, type: 'post', event: 'BOTH' },
    ]);
  });
});
