import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { AppProviders } from './AppProviders.tsx';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
