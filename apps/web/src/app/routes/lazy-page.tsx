import { lazy } from 'react';
import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most pages take no props
type PageModule<P extends object = {}> = { default: ComponentType<P> };

const failed = new Set<() => void>();

/**
 * A route's page, loaded when first shown. React.lazy keeps a failed import failed for good, so a
 * page whose code could not be fetched (server down) gets a fresh loader once `retryFailedPages`
 * runs: the screen then appears without reloading the app.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most pages take no props
export function lazyPage<P extends object = {}>(
  factory: () => Promise<PageModule<P>>,
): ComponentType<P> {
  let Lazy = lazy(() =>
    factory().catch((error: unknown) => {
      failed.add(reset);
      throw error;
    }),
  );
  function reset() {
    Lazy = lazy(factory);
  }
  return function Page(props: P) {
    return <Lazy {...props} />;
  };
}

/** Gives every page that failed to load a new chance (call before navigating to it again). */
export function retryFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}
