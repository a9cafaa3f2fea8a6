import { createContext, createElement, useContext, type ReactNode } from 'react';

/**
 * An answer the whole app shares (who is signed in, the configuration), asked once by a provider
 * at the top and read by every component below it, instead of one SWR subscription per component.
 *
 * Why: a page the server drew is taken over in two passes (the frame, then the page inside its
 * Suspense boundary). Once the first pass has written to SWR's cache, SWR hands a hook that joins
 * in the second pass a snapshot other than the one the page was drawn from, and React answers by
 * drawing that component, and all below it, again at once: the whole gift form on a slow phone.
 *
 * `useAnswer(null)` must ask nothing: a component with no provider above it (one tested alone)
 * asks with the key itself.
 */
export function sharedAnswer<T>(key: string, useAnswer: (key: string | null) => T) {
  const Context = createContext<T | null>(null);

  function Provider({ children }: { children: ReactNode }) {
    return createElement(Context.Provider, { value: useAnswer(key) }, children);
  }

  function useShared(): T {
    const provided = useContext(Context);
    const own = useAnswer(provided === null ? key : null);
    return provided ?? own;
  }

  return { Provider, useShared };
}
