import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { rangeApplies } from './range-pages';

describe('rangeApplies', () => {
  it.each([
    [paths.server(3), true],
    [`${paths.server(3)}/`, true],
    [paths.process('3_100_1700000000'), true],
    [paths.application(2), true],
    [paths.log(5), true],
    [paths.logSearch, true],
    [paths.polledItem(5), true],
    [paths.bucket(5), true],
    [paths.alertHistories, true],
    [paths.transactionLog(4), true],
    [paths.topology, true],
    [paths.fleet, false],
    [paths.applications, false],
    [paths.logs, false],
    [paths.alerts, false],
    [paths.alertNew, false],
    [paths.alert(7), false],
    [paths.maintenance, false],
    [paths.tags, false],
    [paths.serverSets, false],
    [paths.users, false],
    [paths.settings, false],
    [paths.transactions, false],
    [paths.alertHistory(9), false],
    [paths.trace, false],
  ])('%s → %s', (path, expected) => {
    expect(rangeApplies(path)).toBe(expected);
  });
});
