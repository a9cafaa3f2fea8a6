import { lazy, type ComponentType } from 'react';
import { recoveringImport } from '@/lib/chunk-recovery';

/** React.lazy, but a chunk a rollout took away reloads the page into the new release. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const lazyRoute = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) => lazy(recoveringImport(load));
