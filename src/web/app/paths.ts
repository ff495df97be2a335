/** Route paths and builders of every page; links are built here, never by hand. */
export const paths = {
  signIn: '/sign-in',
  fleet: '/',
  server: (id: number | string) => `/servers/${id}`,
  serverChanges: (id: number | string) => `/servers/${id}/changes`,
  hostMap: '/host-map',
  process: (uid: string) => `/processes/${encodeURIComponent(uid)}`,
  applications: '/applications',
  application: (id: number | string) => `/applications/${id}`,
  logs: '/logs',
  log: (id: number | string) => `/logs/${id}`,
  logSearch: '/log-search',
  polledData: '/polled-data',
  polledItem: (id: number | string) => `/polled-data/${id}`,
  buckets: '/buckets',
  bucket: (id: number | string) => `/buckets/${id}`,
  alerts: '/alerts',
  alertNew: '/alerts/new',
  alertBulk: '/alerts/bulk',
  alert: (id: number | string) => `/alerts/${id}`,
  alertHistories: '/incidents',
  alertHistory: (id: number | string) => `/incidents/${id}`,
  maintenance: '/maintenance',
  silences: '/silences',
  schedules: '/schedules',
  schedule: (id: number | string) => `/schedules/${id}`,
  channels: '/channels',
  escalationPolicies: '/escalation-policies',
  scrapeTargets: '/scrape-targets',
  tags: '/tags',
  serverSets: '/server-sets',
  users: '/users',
  audit: '/audit',
  settings: '/settings',
  transactions: '/transactions',
  transactionLog: (id: number | string) => `/transactions/${id}`,
  trace: '/trace',
  traceDiff: '/trace/diff',
  topology: '/topology',
  correlate: '/correlate',
} as const;

/** A path plus query parameters (undefined and empty values left out). */
export function withQuery(path: string, q: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}
