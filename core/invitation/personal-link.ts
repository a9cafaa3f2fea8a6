import type { Guest } from '../model/guest';
import type { Registry } from '../model/registry';
import type { Repositories } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { pageUrl, paths } from '../page-paths';
import { issueGuestLink } from '../guest/guest-link';

/**
 * The guest's own link to the registry, as their invitation and reminder carry it: given the
 * transaction's repositories, so a link that records a token lands with the e-mail that carries it.
 */
export type PersonalLink = (guest: Guest, registry: Registry, repositories: Repositories) => Promise<string>;

/** The registry's short link, which every guest may share: a preview's sample link. */
export function registryLink(appUrl: string, registry: Pick<Registry, 'shortCode'>): string {
  return pageUrl(appUrl, paths.shortLink(registry.shortCode));
}

/**
 * Each guest's own link (core/guest/guest-link.ts), issued in the transaction that queues the
 * e-mail: a new one replaces the link sent before, so the newest e-mail's link is the one that works.
 */
export function guestOwnLink(tokens: SecretTokens, publicUrl: string): PersonalLink {
  return async (guest, _registry, repositories) => (await issueGuestLink(guest.id, { guests: repositories.guests, tokens, publicUrl })).url;
}
