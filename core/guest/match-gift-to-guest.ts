import type { User } from '../model/user';
import { DomainError } from '../errors';
import { isUuid } from '../ids';
import { managedOfflineGift } from '../access/offline-gift-access';
import type { Repositories } from '../ports/repositories';
import { refuseUnknownFields } from '../validate';
import type { Guest } from '../model/guest';

type Ports = Pick<Repositories, 'registries' | 'guests' | 'offlineGifts'>;

function refuse(message: string): never {
  throw new DomainError('validation.failed', message, { guestId: message });
}

/**
 * The family says which guest gave a gift given by hand (`guestId`), or that none did (`null`):
 * the guest list then counts it as theirs (core/guest/guest-gifts.ts). The guest must be on the
 * same registry's list. Answers the guest matched, or null.
 */
export async function matchGiftToGuest(actor: User | null, offlineGiftId: string, input: unknown, ports: Ports): Promise<Guest | null> {
  const { gift } = await managedOfflineGift(actor, offlineGiftId, ports);
  refuseUnknownFields(input, ['guestId']);
  const { guestId } = input as { guestId?: unknown };
  if (guestId === undefined) refuse('Choose the guest who gave it, or null for none');
  if (guestId === null) {
    await ports.offlineGifts.matchGuest(gift.id, null);
    return null;
  }
  if (typeof guestId !== 'string' || !isUuid(guestId)) refuse('guestId must be the id of a guest on your list, or null');
  const guest = await ports.guests.findById(guestId);
  // A guest of another registry is refused in the same words as none at all: no list is read across.
  if (!guest || guest.registryId !== gift.registryId) refuse('That guest is not on this registry’s guest list');
  await ports.offlineGifts.matchGuest(gift.id, guest.id);
  return guest;
}
