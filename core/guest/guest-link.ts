import type { User } from '../model/user';
import type { Repositories } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import type { GuestLinkTokens } from '../ports/guest-link-tokens';
import { guestListRegistry, guestNotFound } from '../access/guest-access';
import { pageUrl, paths } from '../page-paths';

export interface GuestLinkPorts {
  guests: Pick<Repositories['guests'], 'replaceLinkDigest'>;
  tokens: Pick<SecretTokens, 'digest'>;
  linkTokens: GuestLinkTokens;
  /** The site's public address, the link's start. */
  publicUrl: string;
}

export interface GuestLink {
  url: string;
}

/**
 * The guest's personal link (`${publicUrl}/i/${token}`): what they do from it (RSVP, a gift) is
 * matched to their line without an account. The token is the guest's own, the same every time
 * (GuestLinkTokens), so the invitation, a resend, the reminder and a copy all carry one link that
 * keeps working. Its digest is written each time: the same digest changes nothing, and after a
 * change of the server's secret it moves the guest to the link of the new secret. The caller has
 * checked that the guest is the caller's to invite.
 */
export async function issueGuestLink(guestId: string, ports: GuestLinkPorts): Promise<GuestLink> {
  const token = ports.linkTokens.tokenFor(guestId);
  if (!(await ports.guests.replaceLinkDigest(guestId, ports.tokens.digest(token)))) throw guestNotFound();
  return { url: pageUrl(ports.publicUrl, paths.guestInvitation(token)) };
}

/** "Copy personal link" on the guest list: the family alone, for a guest on that registry's list. */
export async function copyGuestLink(
  actor: User | null,
  registryId: string,
  guestId: string,
  ports: Omit<GuestLinkPorts, 'guests'> & Pick<Repositories, 'guests' | 'registries'>,
): Promise<GuestLink> {
  const registry = await guestListRegistry(registryId, actor, ports.registries);
  const guest = await ports.guests.findById(guestId);
  // Another registry's guest is answered as none at all: no list is read across.
  if (!guest || guest.registryId !== registry.id) throw guestNotFound();
  return issueGuestLink(guest.id, ports);
}
