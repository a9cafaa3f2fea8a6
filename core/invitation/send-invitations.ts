import type { User } from '../model/user';
import type { Guest } from '../model/guest';
import type { Registry } from '../model/registry';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { DomainError } from '../errors';
import { guestListRegistry } from '../access/guest-access';
import { registryNotFound } from '../access/registry-not-found';
import { stoppingSuppression } from '../model/suppression';
import { refuseUnknownFields, validate } from '../validate';
import { invitationEmail } from './invitation-email';
import type { InvitationMailBudget } from './invitation-budget';
import type { PersonalLink } from './personal-link';
import { sendInvitationsSchema } from './invitation-schemas';
import { canStillAnswer } from '../guest/guest-rsvp';

export interface InvitationsSent {
  /** Invitations queued, one per guest. */
  queued: number;
  /** Guests left out because their address is unsubscribed from invitations (or cannot receive mail). */
  skipped: number;
}

export interface SendInvitationsPorts {
  unitOfWork: UnitOfWork;
  clock: Clock;
  appUrl: string;
  budget: InvitationMailBudget;
  personalLink: PersonalLink;
}

function nothingToSend(): DomainError {
  return new DomainError(
    'invitation.nothing_to_send',
    'Every guest on the list has been invited. To send an invitation again, choose the guests to send it to.',
  );
}

function notOnTheList(): DomainError {
  // Naming none of the ids: a guest of another registry is not confirmed to exist.
  const message = 'Some of the guests chosen are not on this registry’s list. Reload the list and choose again.';
  return new DomainError('validation.failed', message, { guestIds: message });
}

/** Which ids the caller asked for: none (every guest not yet invited) or a list of distinct ids. */
async function chosenIds(input: unknown): Promise<string[] | null> {
  if (input === undefined || input === null) return null;
  if (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0) return null;
  refuseUnknownFields(input, ['guestIds']);
  const valid = await validate(sendInvitationsSchema, input);
  return valid.guestIds ? [...new Set(valid.guestIds)] : null;
}

/** The guests the call sends to, refusing what does not hold: a guest of another list, or nobody left to invite. */
function recipientsOf(guests: readonly Guest[], ids: string[] | null): Guest[] {
  if (ids === null) {
    const waiting = guests.filter((guest) => guest.invitedAt === null);
    if (waiting.length === 0) throw nothingToSend();
    return waiting;
  }
  const byId = new Map(guests.map((guest) => [guest.id, guest]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((guest) => guest === undefined)) throw notOnTheList();
  return chosen as Guest[];
}

/**
 * A registry that may still invite: open, and its guests still able to answer (the day itself
 * still may, wherever the family is: the same deadline as the answers, core/guest/guest-rsvp.ts).
 */
function requireInvitable(registry: Registry, now: Date): void {
  if (registry.status !== 'open')
    throw new DomainError('invitation.registry_closed', 'This registry is closed: invitations can no longer be sent.');
  if (!canStillAnswer(registry.celebrationDate, now)) {
    throw new DomainError(
      'invitation.date_passed',
      'The celebration date has passed: invitations can no longer be sent. Change the date first if it moved.',
    );
  }
}

async function withoutSuppressed(guests: Guest[], repositories: Repositories): Promise<{ send: Guest[]; skipped: Guest[] }> {
  const send: Guest[] = [];
  const skipped: Guest[] = [];
  for (const guest of guests) {
    const suppressions = await repositories.mailSuppressions.listFor(guest.email);
    (stoppingSuppression(suppressions, 'guest-invitations') ? skipped : send).push(guest);
  }
  return { send, skipped };
}

/**
 * The family e-mails its invitation: with no ids, to every guest on the list not yet invited; with
 * ids, to those guests (a resend to one invited before). Owner and co-owners only, only to guests
 * on this registry's list, never to an address unsubscribed from invitations. The day's budget is
 * taken first (it lives outside this database's transaction) and what was not sent is given back;
 * the guests are then read again with the registry locked, so a second press or a second tab
 * waits and finds nobody left. Each invitation is queued with its guest marked invited, in one
 * transaction.
 */
export async function sendInvitations(
  actor: User | null,
  registryId: string,
  input: unknown,
  ports: SendInvitationsPorts,
): Promise<InvitationsSent> {
  const planned = await ports.unitOfWork.transaction(async (repositories) => {
    const registry = await guestListRegistry(registryId, actor, repositories.registries);
    const ids = await chosenIds(input);
    requireInvitable(registry, ports.clock.now());
    const { send } = await withoutSuppressed(recipientsOf(await repositories.guests.listByRegistry(registry.id), ids), repositories);
    return { registry, ids, count: send.length };
  });
  await ports.budget.take(planned.registry.id, planned.count);
  let queued = 0;
  try {
    const sent = await ports.unitOfWork.transaction(async (repositories) => {
      const registry = await guestListRegistry(registryId, actor, repositories.registries, true);
      const now = ports.clock.now();
      requireInvitable(registry, now);
      const { send, skipped } = await withoutSuppressed(
        recipientsOf(await repositories.guests.listByRegistry(registry.id), planned.ids),
        repositories,
      );
      if (send.length > planned.count)
        throw new DomainError('invitation.list_changed', 'The guest list changed meanwhile. Please look again and send.');
      const [family, settings] = await Promise.all([
        repositories.users.findById(registry.userId),
        repositories.invitationSettings.findFor(registry.id),
      ]);
      if (!family) throw registryNotFound();
      for (const guest of send) {
        const link = await ports.personalLink(guest, registry, repositories);
        const mail = invitationEmail({ registry, settings, family, guest, link, appUrl: ports.appUrl, now });
        // A resend is a new message: the time is in the key, so the first one's key does not swallow it.
        await repositories.mail.enqueue({ ...mail, dedupeKey: `guest-invitation-${guest.id}-${now.getTime()}` });
      }
      await repositories.guests.markInvited(
        send.map((guest) => guest.id),
        now,
      );
      return { queued: send.length, skipped: skipped.length };
    });
    queued = sent.queued;
    return sent;
  } finally {
    await ports.budget.giveBack(planned.registry.id, planned.count - queued);
  }
}
