import { describe, expect, it } from 'vitest';
import { rotation } from '../../../shared/schedules';
import { fromDraft, localInputToEpoch, newDraft, toDraft, wallToEpoch, zonedLabel } from './rotation-draft';

const t = (iso: string) => Date.parse(iso) / 1000;

describe('rotation drafts', () => {
  it('starts a new rotation today in the zone, weekly at 09:00, unrestricted', () => {
    const d = newDraft('America/New_York', t('2026-11-05T03:00:00Z'));
    expect(d).toMatchObject({ startDate: '2026-11-04', handoff: '09:00', unit: 'week', count: '1', weekdays: [], hoursOn: false });
    expect(fromDraft({ ...d, users: [4] }, 'America/New_York')).toEqual({
      name: '', users: [4], start: t('2026-11-04T14:00:00Z'), handoff_time: '09:00', length: { unit: 'week', count: 1 }, restriction: null,
    });
  });

  it('round-trips a restricted rotation, the start at the hand-off of its date in the zone', () => {
    const r = rotation.parse({
      name: 'day', users: [1, 2], start: t('2026-03-30T07:00:00Z'), handoff_time: '09:00', length: { unit: 'day', count: 3 },
      restriction: { weekdays: ['mon', 'fri'], hours: { from: '18:00', to: '08:00' } },
    });
    const d = toDraft(r, 'Europe/Berlin');
    expect(d).toMatchObject({ startDate: '2026-03-30', count: '3', weekdays: ['mon', 'fri'], hoursOn: true, from: '18:00', to: '08:00' });
    expect(fromDraft(d, 'Europe/Berlin')).toEqual(r);
    expect(fromDraft({ ...d, weekdays: [] }, 'Europe/Berlin').restriction).toEqual({ hours: { from: '18:00', to: '08:00' } });
    expect(fromDraft({ ...d, hoursOn: false }, 'Europe/Berlin').restriction).toEqual({ weekdays: ['mon', 'fri'] });
  });

  it('passes what it cannot read on for the service to name', () => {
    expect(wallToEpoch('', '09:00', 'UTC')).toBeNaN();
    expect(fromDraft({ ...newDraft('UTC', 0), count: 'x' }, 'UTC').length.count).toBe('x');
  });
});

describe('override times', () => {
  it('reads a local date and time in the zone, and labels an instant there', () => {
    expect(localInputToEpoch('2026-11-05T09:00', 'Europe/Berlin')).toBe(t('2026-11-05T08:00:00Z'));
    expect(localInputToEpoch('', 'Europe/Berlin')).toBeNaN();
    expect(zonedLabel(t('2026-11-05T08:00:00Z'), 'Europe/Berlin')).toBe('Thu 5 Nov 09:00');
  });
});
