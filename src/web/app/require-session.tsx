import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { ErrorBox, Loading } from '../components/ui/status';
import { paths, withQuery } from './paths';

/** Asks the service for the session once (the cookie travels by itself); without one, sends the visitor to sign-in and back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (session.isPending) return <Loading what="your session" />;
  if (session.error) return <ErrorBox error={session.error} />;
  if (!session.data) return <Navigate to={withQuery(paths.signIn, { next: location.pathname + location.search })} replace />;
  return children;
}
