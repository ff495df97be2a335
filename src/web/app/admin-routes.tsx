import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { alertQueries } from '../api/alerts';
import { logQueries } from '../api/logs';
import { polledQueries } from '../api/polled-data';
import { serverQueries } from '../api/servers';
import { EDITABLE_REGISTRY } from './editable-registry';
import { queryClient } from './providers';

// The admin and on-call pages, each its own chunk (the graph pages carry Cytoscape with them).
const AlertEditPage = lazy(() => import('../pages/alerts/alert-edit-page'));
const BulkEditPage = lazy(() => import('../pages/alerts/bulk-edit-page'));
const TraceDiffPage = lazy(() => import('../pages/traces/trace-diff-page'));
const HistoriesPage = lazy(() => import('../pages/alert-histories/histories-page'));
const HistoryPage = lazy(() => import('../pages/alert-histories/history-page'));
const SettingsPage = lazy(() => import('../pages/settings/settings-page'));
const TransactionsPage = lazy(() => import('../pages/traces/transactions-page'));
const TransactionLogPage = lazy(() => import('../pages/traces/transaction-log-page'));
const TracePage = lazy(() => import('../pages/traces/trace-page'));
const TopologyPage = lazy(() => import('../pages/topology/topology-page'));
const AuditPage = lazy(() => import('../pages/audit/audit-page'));
const SchedulesPage = lazy(() => import('../pages/schedules/schedules-page'));
const SchedulePage = lazy(() => import('../pages/schedules/schedule-page'));

/**
 * The editable screens: the generic page with the resource's definition, both loaded with the route.
 * Each route gets a component of its own, so going from one to another mounts a fresh page.
 */
const editableRoutes: RouteObject[] = Object.values(EDITABLE_REGISTRY).map(({ path, load }) => {
  const Page = lazy(async () => {
    const [{ default: EditableListPage }, resource] = await Promise.all([import('../pages/resources/editable-list-page'), load()]);
    return { default: () => <EditableListPage resource={resource} /> };
  });
  return { path, element: <Page /> };
});

/**
 * Starts the alerts page's requests with the navigation, alongside its code, instead of after it.
 * The code comes through the router's `lazy` (not React.lazy under Suspense, whose reveal React holds
 * back for up to 300 ms), so with 2,000 alerts the page draws as soon as both are in.
 */
function prefetchAlertsPage(): null {
  void queryClient.prefetchQuery(alertQueries.list());
  void queryClient.prefetchQuery(logQueries.list());
  void queryClient.prefetchQuery(polledQueries.list());
  void queryClient.prefetchQuery(serverQueries.list());
  return null;
}

/** Routes of the admin forms and the on-call pages (paths as in paths.ts, without the leading slash). */
export const adminRoutes: RouteObject[] = [
  { path: 'alerts', loader: prefetchAlertsPage, lazy: async () => ({ Component: (await import('../pages/alerts/alerts-page')).default }) },
  { path: 'alerts/new', element: <AlertEditPage /> },
  { path: 'alerts/bulk', element: <BulkEditPage /> },
  { path: 'alerts/:id', element: <AlertEditPage /> },
  ...editableRoutes,
  { path: 'incidents', element: <HistoriesPage /> },
  { path: 'incidents/:id', element: <HistoryPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'transactions', element: <TransactionsPage /> },
  { path: 'transactions/:id', element: <TransactionLogPage /> },
  { path: 'trace', element: <TracePage /> },
  { path: 'trace/diff', element: <TraceDiffPage /> },
  { path: 'topology', element: <TopologyPage /> },
  { path: 'audit', element: <AuditPage /> },
  { path: 'schedules', element: <SchedulesPage /> },
  { path: 'schedules/:id', element: <SchedulePage /> },
];
