import { lazy, type ComponentType } from 'react';
import { recoveringImport } from '@/lib/chunk-recovery';

interface PageModule<P> {
  default: ComponentType<P>;
}

/**
 * A page loaded when first shown, as React.lazy loads one, or ahead of time: once `preload` has
 * loaded it, its first render shows it at once instead of suspending. A first render that suspends
 * shows its spinner, and React then holds the page back until the spinner has shown for 300 ms.
 */
export function lazyPage<P>(loadChunk: () => Promise<PageModule<P>>) {
  // A chunk a rollout took away reloads the page into the new release.
  const load = recoveringImport(loadChunk);
  let loaded: PageModule<P> | undefined;
  // React.lazy reads a thenable that calls back at once as a module it need not wait for.
  const Page = lazy(() =>
    loaded ? ({ then: (resolve: (module: PageModule<P>) => void) => resolve(loaded!) } as unknown as Promise<PageModule<P>>) : load(),
  );
  const preload = async () => {
    loaded = await load();
  };
  return Object.assign(Page, { preload });
}
