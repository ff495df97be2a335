import { paths } from './paths';

export interface NavItem {
  to: string;
  label: string;
  /** Shown to Managers and the account owner only. */
  managers?: boolean;
}

/**
 * The main navigation in three groups, by what people come to do: watch the fleet, respond to what
 * broke, configure the service. A new section adds one line here and its route in router.tsx.
 */
export const NAV: { group: string; items: NavItem[] }[] = [
  {
    group: 'Watch',
    items: [
      { to: paths.fleet, label: 'Fleet' },
      { to: paths.hostMap, label: 'Host map' },
      { to: paths.applications, label: 'Applications' },
      { to: paths.logs, label: 'Logs' },
      { to: paths.logSearch, label: 'Log search' },
      { to: paths.polledData, label: 'Polled data' },
      { to: paths.buckets, label: 'StatsD buckets' },
      { to: paths.correlate, label: 'Correlate' },
    ],
  },
  {
    group: 'Respond',
    items: [
      { to: paths.alertHistories, label: 'Incidents' },
      { to: paths.silences, label: 'Silences' },
      { to: paths.schedules, label: 'On-call schedules' },
      { to: paths.escalationPolicies, label: 'Escalation policies' },
      { to: paths.transactions, label: 'Transactions' },
      { to: paths.topology, label: 'Topology' },
    ],
  },
  {
    group: 'Configure',
    items: [
      { to: paths.alerts, label: 'Alerts' },
      { to: paths.channels, label: 'Channels' },
      { to: paths.scrapeTargets, label: 'Scrape targets' },
      { to: paths.maintenance, label: 'Maintenance' },
      { to: paths.tags, label: 'Tags' },
      { to: paths.serverSets, label: 'Server sets' },
      { to: paths.users, label: 'Users' },
      { to: paths.audit, label: 'Audit', managers: true },
      { to: paths.settings, label: 'Settings' },
    ],
  },
];
