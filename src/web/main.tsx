import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installUnauthorizedRedirect, Providers } from './app/providers';
import { router } from './app/router';
import './styles.css';

installUnauthorizedRedirect((to) => void router.navigate(to, { replace: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
