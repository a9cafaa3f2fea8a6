import { loadOnce } from './load-once';

/** The recent registries of this browser (recent-registries.ts), loaded when a page first records one, not with the page. */
export const loadRecentRegistries = loadOnce(() => import('./recent-registries'));
