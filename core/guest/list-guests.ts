import type { User } from '../model/user';
import type { Repositories } from '../ports/repositories';
import type { Guest } from '../model/guest';
import { guestListRegistry } from '../access/guest-access';

export interface GuestList {
  guests: Guest[];
  counts: {
    /** Lines on the list (households). */
    guests: number;
    /** The people they are for: the sum of the party sizes. */
    people: number;
  };
}

type Ports = { user: User | null } & Pick<Repositories, 'registries' | 'guests'>;

/** The registry's guest list, for its family alone. */
export async function listGuests(registryId: string, ports: Ports): Promise<GuestList> {
  const registry = await guestListRegistry(registryId, ports.user, ports.registries);
  const guests = await ports.guests.listByRegistry(registry.id);
  return { guests, counts: { guests: guests.length, people: guests.reduce((sum, guest) => sum + guest.partySize, 0) } };
}
