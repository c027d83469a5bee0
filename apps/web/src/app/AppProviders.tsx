import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { lazyPart } from '../lib/lazy-part.ts';
import { cssVariablesResolver, theme } from '../theme.ts';

// The toasts' container (and its styles) after the first paint: a notice shown earlier waits in its store.
const Notifications = lazyPart(async () => (await import('@mantine/notifications')).Notifications);

/** Theme, toasts and the query cache around the app: the same in the browser and in the build's prerender. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="bottom-right" zIndex={1000} limit={4} />
      </Suspense>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
