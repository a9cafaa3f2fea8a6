import type { Guest } from '../model/guest';
import type { Registry } from '../model/registry';
import type { Repositories } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import type { GuestLinkTokens } from '../ports/guest-link-tokens';
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
 * Each guest's own link (core/guest/guest-link.ts), recorded in the transaction that queues the
 * e-mail: the same link in every e-mail to the guest, so the one they open first still works.
 */
export function guestOwnLink(tokens: Pick<SecretTokens, 'digest'>, linkTokens: GuestLinkTokens, publicUrl: string): PersonalLink {
  return async (guest, _registry, repositories) =>
    (await issueGuestLink(guest.id, { guests: repositories.guests, tokens, linkTokens, publicUrl })).url;
}
