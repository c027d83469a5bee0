import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { lazyPart } from '../lib/lazy-part.ts';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from '../theme.ts';
import { router } from './router.tsx';

// The toasts' container (and its styles) after the first paint: a notice shown earlier waits in its store.
const Notifications = lazyPart(async () => (await import('@mantine/notifications')).Notifications);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="bottom-right" zIndex={1000} limit={4} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
