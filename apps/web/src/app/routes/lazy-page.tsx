import { lazy } from 'react';
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

const failed = new Set<() => void>();

/**
 * A route's page, loaded when first shown. React.lazy keeps a failed import failed for good, so a
 * page whose code could not be fetched (server down) gets a fresh loader once `retryFailedPages`
 * runs: the screen then appears without reloading the app.
 */
export function lazyPage(factory: () => Promise<PageModule>): ComponentType {
  let Lazy = lazy(() =>
    factory().catch((error: unknown) => {
      failed.add(reset);
      throw error;
    }),
  );
  function reset() {
    Lazy = lazy(factory);
  }
  return function Page() {
    return <Lazy />;
  };
}

/** Gives every page that failed to load a new chance (call before navigating to it again). */
export function retryFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}
