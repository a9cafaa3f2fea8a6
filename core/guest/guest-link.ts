import type { User } from '../model/user';
import type { Repositories } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { guestListRegistry, guestNotFound } from '../access/guest-access';
import { pageUrl, paths } from '../page-paths';

export interface GuestLinkPorts {
  guests: Pick<Repositories['guests'], 'replaceLinkDigest'>;
  tokens: SecretTokens;
  /** The site's public address, the link's start. */
  publicUrl: string;
}

export interface GuestLink {
  url: string;
}

/**
 * A new personal link for the guest (`${publicUrl}/i/${token}`): what they do from it (RSVP, a
 * gift) is matched to their line without an account. Only the token's digest is kept, so the link
 * can be shown once, and issuing again replaces it: the link sent before stops working. The caller
 * has checked that the guest is the caller's to invite.
 */
export async function issueGuestLink(guestId: string, ports: GuestLinkPorts): Promise<GuestLink> {
  const token = ports.tokens.create();
  if (!(await ports.guests.replaceLinkDigest(guestId, ports.tokens.digest(token)))) throw guestNotFound();
  return { url: pageUrl(ports.publicUrl, paths.guestInvitation(token)) };
}

/** "Copy personal link" on the guest list: the family alone, for a guest on that registry's list. */
export async function copyGuestLink(
  registryId: string,
  guestId: string,
  ports: Omit<GuestLinkPorts, 'guests'> & { user: User | null } & Pick<Repositories, 'guests' | 'registries'>,
): Promise<GuestLink> {
  const registry = await guestListRegistry(registryId, ports.user, ports.registries);
  const guest = await ports.guests.findById(guestId);
  // Another registry's guest is answered as none at all: no list is read across.
  if (!guest || guest.registryId !== registry.id) throw guestNotFound();
  return issueGuestLink(guest.id, ports);
}
