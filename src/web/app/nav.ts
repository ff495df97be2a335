import { paths } from './paths';

/** The main navigation; a new section adds one line here and its route in router.tsx. */
export const NAV: { to: string; label: string }[] = [
  { to: paths.fleet, label: 'Fleet' },
  { to: paths.logs, label: 'Logs' },
  { to: paths.polledData, label: 'Polled data' },
  { to: paths.buckets, label: 'StatsD buckets' },
];
