import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { ApiError, setUnauthorizedHandler } from '../api/client';
import { paths, withQuery } from './paths';

/** One client for the app: no retry on answers the API gave on purpose (4xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 20_000,
      refetchOnWindowFocus: false,
      retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
    },
  },
});

/** A 401 anywhere clears the session (done by the client) and returns to sign-in, then back here. */
export function installUnauthorizedRedirect(navigate: (to: string) => void): void {
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const here = globalThis.location.pathname + globalThis.location.search;
    if (globalThis.location.pathname !== paths.signIn) navigate(withQuery(paths.signIn, { next: here }));
  });
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>{children}</Suspense>
    </QueryClientProvider>
  );
}
