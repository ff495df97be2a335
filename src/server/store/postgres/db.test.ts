import { describe, expect, it } from 'vitest';
import { isUnavailable } from './db';

// What the store answers 503 for (StoreUnavailableError) and what stays an error of its own: a
// database that cannot be reached or refuses this service is unavailable, a bad statement is not.
describe('isUnavailable', () => {
  const cases: [string, { code?: string; message?: string }, boolean][] = [
    ['connection failure (08006)', { code: '08006', message: 'connection failure' }, true],
    ['admin shutdown (57P01)', { code: '57P01', message: 'terminating connection due to administrator command' }, true],
    ['too many connections (53300)', { code: '53300', message: 'too many connections for database "fw"' }, true],
    ['password refused (28P01)', { code: '28P01', message: 'password authentication failed for user "fw"' }, true],
    ['no such database (3D000)', { code: '3D000', message: 'database "fw" does not exist' }, true],
    ['connections not allowed (55000)', { code: '55000', message: 'database "fw" is not currently accepting connections' }, true],
    ['another 55000', { code: '55000', message: 'cannot refresh materialized view concurrently' }, false],
    ['refused socket', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, true],
    ['pool timeout', { message: 'timeout exceeded when trying to connect' }, true],
    ['syntax error (42601)', { code: '42601', message: 'syntax error at or near "SELEC"' }, false],
    ['unique violation (23505)', { code: '23505', message: 'duplicate key value violates unique constraint' }, false],
    ['serialization failure (40001)', { code: '40001', message: 'could not serialize access' }, false],
  ];
  it.each(cases)('%s', (_name, err, expected) => {
    expect(isUnavailable(Object.assign(new Error(err.message ?? ''), err))).toBe(expected);
  });
  it('is false for what is not an error', () => {
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable('text')).toBe(false);
  });
});
