import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths, withQuery } from './paths';
import { readSession } from './session';

/** Sends a visitor without a session to sign-in, remembering where they were going. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!readSession()) return <Navigate to={withQuery(paths.signIn, { next: location.pathname + location.search })} replace />;
  return children;
}
