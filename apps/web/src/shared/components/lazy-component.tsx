import { lazy, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most take no props
type ComponentModule<P extends object = {}> = { default: ComponentType<P> };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most take no props
export type LazyComponent<P extends object = {}> = ((props: P) => ReactNode) & {
  /** Starts loading the component's code now (before it is shown); a no-op once it is loading. */
  preload(): Promise<unknown>;
};

interface LazyComponentOptions {
  /** Shown while the code loads when the component does not suspend. */
  fallback?: ReactNode;
  /**
   * Suspends to the nearest Suspense boundary while the code loads (the default), so that a
   * navigation keeps the previous screen until the next one can show. False: shows `fallback`.
   */
  suspends?: boolean;
  /**
   * Loaded by `preloadDeferredComponents` once the first screen is up: for parts kept out of the
   * app's code that must be at hand later, also offline (a menu, the idle dialog).
   */
  preloadAfterStart?: boolean;
}

const failed = new Set<() => void>();
const deferred = new Set<() => Promise<unknown>>();

/**
 * A component in its own chunk (a route's page), loaded when first shown or when `preload` is
 * called. Once its code has arrived it renders at once. While it loads it suspends like
 * React.lazy, except when its code was already on the way when it mounted (preloaded, at start)
 * or with `suspends: false`: then it shows `fallback` and renders when the code arrives. React
 * holds a boundary's content back for 300 ms after its fallback appeared, so a suspended page
 * would wait for nothing after its code arrived. React.lazy keeps a failed import failed for
 * good, so a component whose code could not be fetched (server down) gets a fresh loader once
 * `retryFailedComponents` runs: the screen then appears without reloading the app.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- most take no props
export function lazyComponent<P extends object = {}>(
  factory: () => Promise<ComponentModule<P>>,
  { fallback = null, suspends = true, preloadAfterStart = false }: LazyComponentOptions = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentModule<P>> | null = null;
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

  /** Shows `fallback` until the code arrives; a failure goes to the error boundary. */
  function Awaiting(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      let isActive = true;
      load().then(
        (module) => {
          if (isActive) setLoaded(() => module.default);
        },
        (error: unknown) => {
          if (isActive) setFailure({ error });
        },
      );
      return () => {
        isActive = false;
      };
    }, []);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : fallback;
  }

  function Component(props: P) {
    // Chosen once per mount, so the component is never swapped for another type.
    const [Initial] = useState(() => loaded ?? (loading || !suspends ? Awaiting : Lazy));
    return <Initial {...props} />;
  }
  Component.preload = load;
  if (preloadAfterStart) deferred.add(load);
  return Component;
}

/**
 * Loads the components made with `preloadAfterStart` when the browser is idle after the first
 * render (decision 016); one that fails is loaded again when it is first shown.
 */
export function preloadDeferredComponents(): void {
  const run = () => {
    for (const load of deferred) load().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/** Gives every component that failed to load a new chance (call before showing it again). */
export function retryFailedComponents(): void {
  for (const reset of failed) reset();
  failed.clear();
}
