import { lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most pages take no props
type PageModule<P extends object = {}> = { default: ComponentType<P> };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most pages take no props
export type LazyPage<P extends object = {}> = ((props: P) => ReactNode) & {
  /** Starts loading the page's code now (before it is shown); a no-op once it is loading. */
  preload(): Promise<unknown>;
};

const failed = new Set<() => void>();

/**
 * A route's page, loaded when first shown or when `preload` is called. A page whose code has
 * arrived renders at once: React.lazy would suspend once more even then, and React holds a
 * boundary's content back for 300 ms after its fallback appeared, so the dashboard would wait
 * for nothing. React.lazy keeps a failed import failed for good, so a page whose code could not
 * be fetched (server down) gets a fresh loader once `retryFailedPages` runs: the screen then
 * appears without reloading the app.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most pages take no props
export function lazyPage<P extends object = {}>(
  factory: () => Promise<PageModule<P>>,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<PageModule<P>> | null = null;
  const load = () => {
    loading ??= factory().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        failed.add(reset);
        throw error;
      },
    );
    return loading;
  };
  let Lazy = lazy(load);
  function reset() {
    Lazy = lazy(load);
  }
  function Page(props: P) {
    // Chosen once per mount, so the page is never swapped for another component type.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Page.preload = load;
  return Page;
}

/** Gives every page that failed to load a new chance (call before navigating to it again). */
export function retryFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}
