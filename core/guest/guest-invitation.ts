import { DomainError } from '../errors';
import { looksLikeToken } from '../model/account-token';
import type { Guest } from '../model/guest';
import type { Registry } from '../model/registry';
import type { Clock } from '../ports/clock';
import type { Repositories } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { canStillAnswer, readRsvp, rsvpClosed, rsvpDeadline } from './guest-rsvp';

/** What a guest's personal link opens: their own line and the registry's public face, nothing else of the list. */
export interface GuestInvitation {
  guest: Guest;
  registry: Registry;
  /** Until when the answer may change (rsvpDeadline). */
  answerUntil: Date;
  canAnswer: boolean;
  /** When and where, as the family gave them for its invitations; null when they gave none. */
  startTime: string | null;
  place: string | null;
}

export interface InvitationPorts {
  guests: Pick<Repositories['guests'], 'findByLinkDigest' | 'recordRsvp'>;
  registries: Pick<Repositories['registries'], 'findById'>;
  invitationSettings: Pick<Repositories['invitationSettings'], 'findFor'>;
  tokens: Pick<SecretTokens, 'digest'>;
  clock: Clock;
}

/** One answer for a link that never was, one whose guest was taken off the list, and one whose registry is gone: nothing tells them apart. */
export function invitationNotFound(): DomainError {
  return new DomainError(
    'invitation.not_found',
    'This invitation link does not work: check that the whole link was copied, or ask the family for your link again.',
  );
}

async function invitationOf(token: string, ports: InvitationPorts): Promise<GuestInvitation> {
  // A token of the wrong shape is not looked up: it could not be one we issued.
  if (!looksLikeToken(token)) throw invitationNotFound();
  const guest = await ports.guests.findByLinkDigest(ports.tokens.digest(token));
  const registry = guest ? await ports.registries.findById(guest.registryId) : null;
  if (!guest || !registry || !registry.isActive) throw invitationNotFound();
  const { startTime, place } = await ports.invitationSettings.findFor(registry.id);
  return {
    startTime,
    place,
    guest,
    registry,
    answerUntil: rsvpDeadline(registry.celebrationDate),
    canAnswer: canStillAnswer(registry.celebrationDate, ports.clock.now()),
  };
}

/** The guest's page: the celebration, their name and household, and their answer so far. */
export function viewInvitation(token: string, ports: InvitationPorts): Promise<GuestInvitation> {
  return invitationOf(token, ports);
}

/**
 * The guest answers (or changes their answer) from their link, without an account. A closed
 * registry still hears answers (closing is about gifts, the party is still on); after the
 * celebration day nothing changes (409). The link is checked before the answer is read, so a
 * wrong link hears only that it does not work.
 */
export async function answerInvitation(token: string, input: unknown, ports: InvitationPorts): Promise<GuestInvitation> {
  const invitation = await invitationOf(token, ports);
  if (!invitation.canAnswer) throw rsvpClosed();
  const rsvp = readRsvp(input, ports.clock.now());
  const guest = await ports.guests.recordRsvp(invitation.guest.id, rsvp);
  return { ...invitation, guest };
}
