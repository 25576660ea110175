import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createI18n, storedLanguage } from './app/i18n';
import { preloadRouteCode } from './app/router';
import { createQueryClient } from './shared/api/query-client';
import { handleChildWindowCallback } from './shared/auth/child-window-callback';

async function start(): Promise<void> {
  if (await handleChildWindowCallback(window.location)) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  preloadRouteCode(window.location.pathname);
  createRoot(container).render(
    <StrictMode>
      <App queryClient={createQueryClient()} i18n={createI18n(storedLanguage())} />
    </StrictMode>,
  );
}

void start();
