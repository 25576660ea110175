import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { EarlyResponses } from '../shared/api/api-client';
import { createQueryClient } from '../shared/api/query-client';
import { handleCscCallback } from '../features/credential-refs/provider-login';
import { handleChildWindowCallback } from '../shared/auth/child-window-callback';
import { preloadDeferredComponents } from '../shared/components/lazy-component';
import { App } from './app';
import { createI18n, storedLanguage } from './i18n';
import { paths } from './paths';
import { JoinPage } from './router';
import { prepareStartSession } from './start-session';

/** Renders the app, with the answers the entry script asked for (`early`). */
export async function startApp(early: EarlyResponses): Promise<void> {
  if (await handleChildWindowCallback(window.location)) return;
  if (handleCscCallback(window.location)) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const queryClient = createQueryClient();
  const [start, i18n] = await Promise.all([
    prepareStartSession(queryClient, early, window.location),
    createI18n(storedLanguage()),
    // A page not in the app's code that the app opens on comes before the first render.
    window.location.pathname.startsWith(paths.join) ? JoinPage.preload().catch(() => null) : null,
  ]);
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} i18n={i18n} early={early} start={start} />
    </StrictMode>,
  );
  preloadDeferredComponents();
}
