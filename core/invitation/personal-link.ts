import type { Guest } from '../model/guest';
import type { Registry } from '../model/registry';
import type { Repositories } from '../ports/repositories';
import { pageUrl, paths } from '../page-paths';

/**
 * The guest's own link to the registry, as their invitation and reminder carry it: given the
 * transaction's repositories, so a link that records a token lands with the e-mail that carries it.
 */
export type PersonalLink = (guest: Guest, registry: Registry, repositories: Repositories) => Promise<string>;

/** The registry's short link, which every guest may share: a preview's sample link. */
export function registryLink(appUrl: string, registry: Pick<Registry, 'shortCode'>): string {
  return pageUrl(appUrl, paths.shortLink(registry.shortCode));
}

/** Until each guest has a link of their own: the registry's link for all. */
export function registryLinkFor(appUrl: string): PersonalLink {
  return async (_guest, registry) => registryLink(appUrl, registry);
}
