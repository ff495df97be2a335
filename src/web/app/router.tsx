import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes';
import { Layout } from './layout';
import { REGISTRY, type RegistryKey } from './registry';
import { RequireSession } from './require-session';

// Every page is its own chunk: the first page after sign-in loads only what it draws, and the
// chart code (Recharts) arrives with the pages that chart.
const SignInPage = lazy(() => import('../pages/sign-in/sign-in-page'));
const AckPage = lazy(() => import('../pages/ack/ack-page'));
const InvitePage = lazy(() => import('../pages/invite/invite-page'));
const FleetPage = lazy(() => import('../pages/servers/fleet-page'));
const ServerPage = lazy(() => import('../pages/servers/server-page'));
const HostMapPage = lazy(() => import('../pages/servers/host-map/host-map-page'));
const ServerChangesPage = lazy(() => import('../pages/servers/changes/changes-page'));
const ProcessPage = lazy(() => import('../pages/processes/process-page'));
const ApplicationPage = lazy(() => import('../pages/applications/application-page'));
const LogPage = lazy(() => import('../pages/logs/log-page'));
const LogSearchPage = lazy(() => import('../pages/log-search/log-search-page'));
const PolledItemPage = lazy(() => import('../pages/polled-data/polled-item-page'));
const BucketPage = lazy(() => import('../pages/buckets/bucket-page'));
const CorrelatePage = lazy(() => import('../pages/correlate/correlate-page'));
const ResourceListPage = lazy(() => import('../pages/resources/resource-list-page'));

const registryRoutes: RouteObject[] = (Object.keys(REGISTRY) as RegistryKey[]).map((key) => ({
  path: REGISTRY[key].path,
  element: <ResourceListPage resource={key} />,
}));

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  // An e-mailed acknowledge link: outside RequireSession, the token is its own credential.
  { path: '/ack/:token', element: <AckPage /> },
  // An e-mailed invitation: outside RequireSession, the link is the invitee's credential.
  { path: '/invite/:token', element: <InvitePage /> },
  {
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <FleetPage /> },
      { path: 'servers/:id', element: <ServerPage /> },
      { path: 'servers/:id/changes', element: <ServerChangesPage /> },
      { path: 'host-map', element: <HostMapPage /> },
      { path: 'processes/:uid', element: <ProcessPage /> },
      { path: 'applications/:id', element: <ApplicationPage /> },
      { path: 'logs/:id', element: <LogPage /> },
      { path: 'log-search', element: <LogSearchPage /> },
      { path: 'polled-data/:id', element: <PolledItemPage /> },
      { path: 'buckets/:id', element: <BucketPage /> },
      { path: 'correlate', element: <CorrelatePage /> },
      ...registryRoutes,
      ...adminRoutes,
      { path: '*', element: <p className="p-4">No such page.</p> },
    ],
  },
];

export const router = createBrowserRouter(routes);
