import { describe, expect, it } from 'vitest';
import { checkDraft, emptyDraft, fieldsFor, toCreateInput, triggerChoices, type AlertDraft } from './alert-draft';

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
    ['a bad subscriber url', { subscribers: [{ url: 'ftp://x', type: 'get', event: 'BOTH', auth: '', secret: '' }] }, 'subscribers', /http or https/],
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
