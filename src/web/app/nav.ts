import { paths } from './paths';

/** The main navigation; a new section adds one line here and its route in router.tsx. */
export const NAV: { to: string; label: string }[] = [
  { to: paths.fleet, label: 'Fleet' },
  { to: paths.logs, label: 'Logs' },
  { to: paths.polledData, label: 'Polled data' },
  { to: paths.buckets, label: 'StatsD buckets' },
  { to: paths.alertHistories, label: 'Incidents' },
  { to: paths.transactions, label: 'Transactions' },
  { to: paths.topology, label: 'Topology' },
  { to: paths.alerts, label: 'Alerts' },
  { to: paths.maintenance, label: 'Maintenance' },
  { to: paths.tags, label: 'Tags' },
  { to: paths.serverSets, label: 'Server sets' },
  { to: paths.users, label: 'Users' },
  { to: paths.settings, label: 'Settings' },
];
