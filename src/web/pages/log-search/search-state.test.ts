import { describe, expect, it } from 'vitest';
import { logAtMinute, parseSearch, SEARCH_PAGE, toRequest } from './search-state';

const E = 1_700_000_040;

describe('parseSearch', () => {
  it('reads the filters and drops bad values', () => {
    expect(parseSearch(new URLSearchParams('q=timeout&severity=critical&server=3&tag=4&set=5&type=FILE&lpage=2'))).toEqual({
      q: 'timeout', severity: 'critical', server: 3, tag: 4, set: 5, type: 'FILE', page: 2,
    });
    expect(parseSearch(new URLSearchParams('severity=fatal&server=x&tag=0&type=AFURL&lpage=-1'))).toEqual({
      q: '', severity: '', server: null, tag: null, set: null, type: '', page: 0,
    });
  });
});

describe('toRequest', () => {
  it('searches the range to the last second of its last minute, each filter as a one-item list', () => {
    const { request, clipped } = toRequest(parseSearch(new URLSearchParams('q= timeout &server=3&type=SYSLOG&lpage=1')), { from: E - 3600, to: E });
    expect(request).toEqual({
      filter: 'timeout', severity: '', servers: [3], tags: [], sets: [], sourceTypes: ['SYSLOG'], start: E - 3600, end: E + 59, limit: SEARCH_PAGE, page: 1,
    });
    expect(clipped).toBe(false);
  });
  it('searches the last 7 days of a longer range and says so', () => {
    const { request, clipped } = toRequest(parseSearch(new URLSearchParams()), { from: E - 30 * 86400, to: E });
    expect(request.end - request.start).toBe(7 * 86400);
    expect(request.end).toBe(E + 59);
    expect(clipped).toBe(true);
  });
});

describe('logAtMinute', () => {
  it('links to the log page at the minute of the message, keeping the range', () => {
    expect(logAtMinute(7, E + 37, new URLSearchParams('range=7d'))).toBe(`/logs/7?range=7d&mfrom=${E}&mto=${E}`);
  });
});
