import { describe, expect, it } from 'vitest';
import { actionVerb, describeItem, localTime, readableDiff, type NameBook } from './audit-diff';

const book: NameBook = {
  server_tags: new Map([[4, 'web'], [5, 'db']]),
  servers: new Map([[1, 'app-01']]),
  users: new Map([[7, 'Ada Lovelace']]),
};
const UTC = 'UTC';

describe('readableDiff', () => {
  it('shows only the changed fields, ids as names and epochs as dates', () => {
    const before = { id: 3, name: 'Patch night', start: 1_795_917_600, server_tags: [4], servers: [1], url: '/api/v5/maintenance_windows/3/' };
    const after = { id: 3, name: 'Patch night', start: 1_795_921_200, server_tags: [4, 5], servers: [1], url: '/api/v5/maintenance_windows/3/' };
    expect(readableDiff(before, after, book, UTC)).toEqual([
      { field: 'start', label: 'Start', before: localTime(1_795_917_600, UTC), after: localTime(1_795_921_200, UTC) },
      { field: 'server_tags', label: 'Server tags', before: 'web', after: 'web, db' },
    ]);
    expect(localTime(1_795_917_600, UTC)).toBe('29 Nov 2026, 02:00');
    expect(localTime(1_795_917_600, 'America/New_York')).toBe('28 Nov 2026, 21:00');
  });

  it.each([
    ['a create: every field but the noise', null, { id: 9, name: 'CPU high', active: true, url: 'x' }, [['Name', '–', 'CPU high'], ['Active', '–', 'yes']]],
    ['a delete: every field', { name: 'db', servers: [] }, null, [['Name', 'db', '–'], ['Servers', 'none', '–']]],
    ['an unknown id keeps its number', { server_tags: [4] }, { server_tags: [99] }, [['Server tags', 'web', '#99']]],
    ["an alert's users, objects with an id", { users: [{ id: 7, sendemail: true }] }, { users: [] }, [['Users', 'Ada Lovelace', 'none']]],
    ['a role by its name', { role: 3 }, { role: 2 }, [['Role', 'Regular', 'Manager']]],
    ['a user id field', { invited_by: 7 }, { invited_by: 8 }, [['Invited by', 'Ada Lovelace', '#8']]],
    ['a small number in a time-named field stays a number', { end: 5 }, { end: 6 }, [['End', '5', '6']]],
    ['a number not named as a time stays a number', { threshold: 1_795_917_600 }, { threshold: 90 }, [['Threshold', '1795917600', '90']]],
    ['nested objects as JSON', { rrule: { freq: 'daily' } }, { rrule: { freq: 'weekly' } }, [['Rrule', '{"freq":"daily"}', '{"freq":"weekly"}']]],
    ['nothing changed', { a: [1] }, { a: [1] }, []],
    ['nothing known', null, null, []],
  ])('%s', (_, before, after, want) => {
    expect(readableDiff(before, after, book, UTC).map((c) => [c.label, c.before, c.after])).toEqual(want);
  });
});

describe('describeItem', () => {
  it.each([
    [{ resource: 'alerts', resource_id: 3, before: null, after: { name: 'CPU high' } }, "alert 'CPU high'"],
    [{ resource: 'users', resource_id: 7, before: { first_name: 'Ada', last_name: 'Lovelace' }, after: null }, "user 'Ada Lovelace'"],
    [{ resource: 'server_tags_of_server', resource_id: 1, before: { server_tags: [4] }, after: { server_tags: [5] } }, "tags of server 'app-01'"],
    [{ resource: 'servers', resource_id: 1, before: { hostname: 'h1', nickname: '' }, after: { hostname: 'h1', nickname: 'app' } }, "server 'app'"],
    [{ resource: 'notification_settings', resource_id: null, before: { group_wait_s: 0 }, after: { group_wait_s: 60 } }, 'notification settings'],
    [{ resource: 'silences', resource_id: 12, before: null, after: null }, 'silence #12'],
  ])('%j', (e, want) => expect(describeItem(e, book)).toBe(want));
});

describe('actionVerb', () => {
  it.each([['create', 'created'], ['accept_invitation', 'joined by invitation as'], ['something_new', 'something new']])('%s', (a, want) => expect(actionVerb(a)).toBe(want));
});
