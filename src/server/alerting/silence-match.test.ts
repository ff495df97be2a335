import { describe, expect, it } from 'vitest';
import { externalSilenceMatches, matcherMatches, matchingSilences, needsScopes, silenceMatches, silenceState, type SilencedIncident, type SilenceRule } from './silence-match';

const NOW = 1_800_000_000;
const rule = (over: Partial<SilenceRule>): SilenceRule => ({
  id: 1, alerts: [], servers: [], serverTags: [], serverSets: [], alertName: '', start: NOW - 60, end: NOW + 3600, ...over,
});
// Server 10 is tagged 100 (in set 1000), server 11 tagged 101 (in set 1001), server 12 untagged.
const web = { id: 10, tags: [100], sets: [1000] };
const db = { id: 11, tags: [101], sets: [1001] };
const bare = { id: 12, tags: [], sets: [] };
const incident = (over: Partial<SilencedIncident> = {}): SilencedIncident => ({ alertId: 7, alertName: 'Disk full on Web', servers: [web], ...over });

describe('silenceState', () => {
  it.each([
    [NOW - 61, 'pending'],
    [NOW - 60, 'active'],
    [NOW + 3599, 'active'],
    [NOW + 3600, 'expired'],
  ] as const)('at %i is %s', (t, state) => expect(silenceState(rule({}), t)).toBe(state));
});

describe('silenceMatches', () => {
  it.each<[string, Partial<SilenceRule>, Partial<SilencedIncident>, boolean]>([
    ['its alert', { alerts: [7] }, {}, true],
    ['another alert', { alerts: [8, 9] }, {}, false],
    ['one of its alerts', { alerts: [8, 7] }, {}, true],
    ['a name substring, any case', { alertName: 'disk FULL' }, {}, true],
    ['a name it does not contain', { alertName: 'memory' }, {}, false],
    ['its server', { servers: [10] }, {}, true],
    ['another server', { servers: [11] }, {}, false],
    ['a tag of its server', { serverTags: [100] }, {}, true],
    ['a tag its server lacks', { serverTags: [101] }, {}, false],
    ['a set of its server', { serverSets: [1000] }, {}, true],
    ['a set its server is not in', { serverSets: [1001] }, {}, false],
    ['an untagged server by tag', { serverTags: [100] }, { servers: [bare] }, false],
    ['every matcher matching', { alerts: [7], alertName: 'disk', servers: [10], serverTags: [100], serverSets: [1000] }, {}, true],
    ['all but one matcher matching', { alerts: [7], alertName: 'disk', servers: [10], serverTags: [101] }, {}, false],
    ['every server of a two-server incident', { servers: [10, 11] }, { servers: [web, db] }, true],
    ['only one server of a two-server incident', { servers: [10] }, { servers: [web, db] }, false],
    ['only one tag of a two-server incident', { serverTags: [100] }, { servers: [web, db] }, false],
    ['no known server, by server', { servers: [10] }, { servers: [] }, false],
    ['no known server, by alert', { alerts: [7] }, { servers: [] }, true],
  ])('%s', (_what, over, inc, expected) => {
    expect(silenceMatches(rule(over), incident(inc), NOW)).toBe(expected);
  });

  it('holds only while it runs', () => {
    expect(silenceMatches(rule({ alerts: [7], start: NOW + 1 }), incident(), NOW)).toBe(false);
    expect(silenceMatches(rule({ alerts: [7], end: NOW }), incident(), NOW)).toBe(false);
    expect(silenceMatches(rule({ alerts: [7], end: NOW + 1 }), incident(), NOW)).toBe(true);
  });
});

describe('matchingSilences', () => {
  it('answers the matching ones by id, so the oldest is the one recorded', () => {
    const all = [rule({ id: 5, servers: [10] }), rule({ id: 2, alerts: [7] }), rule({ id: 3, alerts: [8] })];
    expect(matchingSilences(all, incident(), NOW).map((s) => s.id)).toEqual([2, 5]);
    expect(matchingSilences([], incident(), NOW)).toEqual([]);
  });

  it('tells when server scopes must be read', () => {
    expect([rule({ alerts: [1] }), rule({ servers: [1] }), rule({ serverTags: [1] }), rule({ serverSets: [1] })].map(needsScopes)).toEqual([false, false, true, true]);
  });
});

describe('label matchers (external alerts)', () => {
  const labels = { alertname: 'GaugeHigh', job: 'node', severity: 'critical' };
  const m = (name: string, value: string, isRegex = false, isEqual = true) => ({ name, value, isRegex, isEqual });
  it.each<[string, ReturnType<typeof m>, boolean]>([
    ['equal', m('job', 'node'), true],
    ['equal, other value', m('job', 'nodes'), false],
    ['not equal', m('job', 'db', false, false), true],
    ['regex, anchored at both ends', m('severity', 'crit.*', true), true],
    ['regex matching only inside is not a match', m('severity', 'itic', true), false],
    ['regex alternatives anchored as a whole', m('severity', 'warning|critical', true), true],
    ['negative regex', m('severity', 'warn.*', true, false), true],
    ['a missing label reads as empty', m('team', ''), true],
    ['a missing label does not equal a value', m('team', 'db'), false],
    ['an invalid regex matches nothing', m('job', '(', true), false],
  ])('%s', (_what, matcher, expected) => expect(matcherMatches(matcher, labels)).toBe(expected));

  it.each<[string, Partial<SilenceRule>, boolean]>([
    ['all matchers match', { matchers: [m('job', 'node'), m('severity', 'critical')] }, true],
    ['one of them does not', { matchers: [m('job', 'node'), m('severity', 'warning')] }, false],
    ['alert_name and matchers', { alertName: 'gauge', matchers: [m('job', 'node')] }, true],
    ['alert_name alone', { alertName: 'gaugeh' }, true],
    ['an id matcher (native alerts only)', { alerts: [7], matchers: [m('job', 'node')] }, false],
    ['a server matcher', { servers: [10], matchers: [m('job', 'node')] }, false],
    ['no label matcher nor name', { serverTags: [100] }, false],
    ['expired', { matchers: [m('job', 'node')], end: NOW }, false],
  ])('an external alert is matched by %s: %s', (_what, over, expected) => {
    expect(externalSilenceMatches(rule(over), { alertname: 'GaugeHigh', labels }, NOW)).toBe(expected);
  });

  it('never match a native incident with label matchers', () => {
    expect(silenceMatches(rule({ alertName: 'disk', matchers: [m('job', 'node')] }), incident(), NOW)).toBe(false);
  });
});
