import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../../shared/incident-response';
import { ackLine, eventView } from './timeline-events';

const names = new Map([[5, 'Ada Lovelace']]);
const nameOf = (id: number) => names.get(id);
const note = (text: string, user_id: number | null, user_name: string | null): TimelineEvent => ({ kind: 'note', at: 1, id: 3, text, user_id, user_name });
const sent = (over: Partial<Extract<TimelineEvent, { kind: 'notification' }>> = {}): TimelineEvent => ({
  kind: 'notification', at: 1, channel: 'email', recipient: 'ada@example.com', event: 'TRIGGERED', outcome: 'sent', attempts: 1, error: null, delivery_id: 'd1', group_size: null, ...over,
});

describe('eventView', () => {
  it.each<[string, TimelineEvent, string, string]>([
    ['triggered, with the value that crossed', { kind: 'triggered', at: 1, subject: 'CPU high', value: 97.456, detail: 'CPU > 90 on web-01' }, 'Triggered at value 97.46', 'CPU > 90 on web-01'],
    ['triggered without a value', { kind: 'triggered', at: 1, subject: 'Server down', value: null, detail: '' }, 'Triggered', 'Server down'],
    ['an e-mail sent', sent(), 'E-mail (triggered) to ada@example.com: sent', ''],
    ['a grouped e-mail', sent({ group_size: 40 }), 'E-mail (triggered) to ada@example.com: sent', 'one message telling 40 incidents'],
    ['a failed callback after retries', sent({ channel: 'callback', recipient: 'https://hooks.example/x', event: 'RESOLVED', outcome: 'failed', attempts: 3, error: 'HTTP 500' }), 'Callback (resolved) to https://hooks.example/x: failed', '3 attempts · HTTP 500'],
    ['an SMS held back by a silence', sent({ channel: 'sms', recipient: '+44 7700', event: 'REMINDER', outcome: 'silenced' }), 'SMS (reminder) to +44 7700: held back by a silence', ''],
    ['acknowledged, named by the timeline', { kind: 'acknowledged', at: 1, user_id: 9, user_name: 'Grace' }, 'Acknowledged by Grace', ''],
    ['un-acknowledged, named by id', { kind: 'unacknowledged', at: 1, user_id: 5, user_name: null }, 'Un-acknowledged by Ada Lovelace', ''],
    ['a note keeps its text as typed', note('<b>disk</b> full', 5, null), 'Note by Ada Lovelace', '<b>disk</b> full'],
    ['silenced', { kind: 'silenced', at: 1, silence_id: 4, reason: 'reboot' }, 'Silenced (silence #4)', 'reboot'],
    ['resolved', { kind: 'resolved', at: 1 }, 'Resolved', ''],
  ])('%s', (_, e, title, detail) => {
    const v = eventView(e, nameOf);
    expect(v.title).toBe(title);
    expect(v.detail).toBe(detail);
    expect(v.icon).not.toBe('');
  });

  it('names an unknown user by id, and nobody as someone', () => {
    expect(eventView(note('x', 77, null), nameOf).title).toBe('Note by user #77');
    expect(eventView(note('x', null, null)).title).toBe('Note by someone');
  });
});

describe('ackLine', () => {
  it.each([
    [{ acknowledged_by: null, acknowledged_at: null }, null],
    [{ acknowledged_by: 5, acknowledged_at: 1000 - 20 }, 'Acknowledged by Ada Lovelace just now'],
    [{ acknowledged_by: 5, acknowledged_at: 1000 - 12 * 60 }, 'Acknowledged by Ada Lovelace 12 min ago'],
    [{ acknowledged_by: 8, acknowledged_at: 1000 - 3 * 3600 }, 'Acknowledged by user #8 3 h ago'],
  ])('%j', (h, want) => expect(ackLine(h, 1000, nameOf)).toBe(want));
});

describe('an escalation step in the timeline', () => {
  const step: TimelineEvent = {
    kind: 'escalated', at: 1, policy_id: 2, policy_name: 'Night ops', step: 2, steps: 3, pass: 1, passes: 1,
    recipients: ['ada@example.com'], schedules: [{ id: 4, users: [] }], channels: [9], silenced: false,
  };
  it('says which step of which policy told whom', () => {
    expect(eventView(step)).toMatchObject({ title: 'Step 2 of 3 of policy Night ops: e-mailed ada@example.com and 1 channel', detail: '1 schedule had nobody on call', tone: 'bad' });
  });
  it('names the pass when the policy repeats, and a silence that held the step back', () => {
    expect(eventView({ ...step, pass: 2, passes: 3, recipients: [], channels: [], schedules: [], silenced: true })).toMatchObject({
      title: 'Step 2 of 3 of policy Night ops (pass 2 of 3): nobody to e-mail',
      detail: 'held back by a silence',
      tone: 'muted',
    });
  });
  it('says when the step reached nobody it names and told the account owner', () => {
    expect(eventView({ ...step, recipients: ['owner@example.com'], channels: [], schedules: [{ id: 4, users: [] }], fallback: 'owner' })).toMatchObject({
      title: 'Step 2 of 3 of policy Night ops: e-mailed owner@example.com',
      detail: '1 schedule had nobody on call · nobody it names could be reached: the account owner was told instead',
    });
  });
});
