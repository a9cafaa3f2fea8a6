import { lazy, type ComponentType } from 'react';

interface PageModule<P> {
  default: ComponentType<P>;
}

/** A page loaded when first shown (React.lazy), that can also be loaded ahead with `preload`. */
export type LazyPage<P> = ReturnType<typeof lazy<ComponentType<P>>> & { preload(): Promise<void> };

/**
 * A page loaded when first shown, as React.lazy loads one, or ahead of time: once `preload` has
 * loaded it, its first render shows it at once instead of suspending. A first render that suspends
 * shows its spinner, and React then holds the page back until the spinner has shown for 300 ms.
 */
export function lazyPage<P>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  const keep = (module: PageModule<P>) => (loaded = module);
  const Page = lazy(() => {
    if (!loaded) return load().then(keep);
    const module = loaded;
    // React.lazy reads a module it is handed synchronously without suspending.
    return { then: (resolve: (module: PageModule<P>) => void) => resolve(module) } as unknown as Promise<PageModule<P>>;
  });
  return Object.assign(Page, { preload: () => load().then(keep).then(() => undefined) });
}
