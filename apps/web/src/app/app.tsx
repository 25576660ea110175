import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { EarlyResponses } from '../shared/api/api-client';
import { ToastProvider } from '../shared/components/toast';
import { RemoteConfigGate } from './providers/remote-config-gate';
import { SessionProviders } from './providers/session-providers';
import { createAppRouter } from './router';
import type { StartSession } from './start-session';
import { AppThemeProvider } from './theme/app-theme-provider';

function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

interface AppProps {
  queryClient: QueryClient;
  i18n: I18n;
  /** Answers the entry script asked for before the app's code ran. */
  early?: EarlyResponses;
  /** The OIDC client and stored session read before the first render. */
  start?: StartSession;
}

export function App({ queryClient, i18n, early, start }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RemoteConfigGate>
          <AppThemeProvider>
            <ToastProvider>
              <SessionProviders early={early} start={start}>
                <AppRouter />
              </SessionProviders>
            </ToastProvider>
          </AppThemeProvider>
        </RemoteConfigGate>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
