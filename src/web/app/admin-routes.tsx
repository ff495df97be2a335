import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The admin and on-call pages, each its own chunk (the graph pages carry Cytoscape with them).
const AlertsPage = lazy(() => import('../pages/alerts/alerts-page'));
const AlertEditPage = lazy(() => import('../pages/alerts/alert-edit-page'));
const HistoriesPage = lazy(() => import('../pages/alert-histories/histories-page'));
const HistoryPage = lazy(() => import('../pages/alert-histories/history-page'));
const MaintenancePage = lazy(() => import('../pages/maintenance-windows/maintenance-page'));
const TagsPage = lazy(() => import('../pages/tags/tags-page'));
const ServerSetsPage = lazy(() => import('../pages/server-sets/server-sets-page'));
const UsersPage = lazy(() => import('../pages/users/users-page'));
const SettingsPage = lazy(() => import('../pages/settings/settings-page'));
const TransactionsPage = lazy(() => import('../pages/traces/transactions-page'));
const TransactionLogPage = lazy(() => import('../pages/traces/transaction-log-page'));
const TracePage = lazy(() => import('../pages/traces/trace-page'));
const TopologyPage = lazy(() => import('../pages/topology/topology-page'));

/** Routes of the admin forms and the on-call pages (paths as in paths.ts, without the leading slash). */
export const adminRoutes: RouteObject[] = [
  { path: 'alerts', element: <AlertsPage /> },
  { path: 'alerts/new', element: <AlertEditPage /> },
  { path: 'alerts/:id', element: <AlertEditPage /> },
  { path: 'incidents', element: <HistoriesPage /> },
  { path: 'incidents/:id', element: <HistoryPage /> },
  { path: 'maintenance', element: <MaintenancePage /> },
  { path: 'tags', element: <TagsPage /> },
  { path: 'server-sets', element: <ServerSetsPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'transactions', element: <TransactionsPage /> },
  { path: 'transactions/:id', element: <TransactionLogPage /> },
  { path: 'trace', element: <TracePage /> },
  { path: 'topology', element: <TopologyPage /> },
];
