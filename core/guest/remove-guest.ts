import type { User } from '../model/user';
import type { Repositories } from '../ports/repositories';
import { managedGuest } from '../access/guest-access';

/** Takes a guest off the registry's list (its family alone). */
export async function removeGuest(actor: User | null, id: string, ports: Pick<Repositories, 'registries' | 'guests'>): Promise<void> {
  const guest = await managedGuest(id, actor, ports);
  await ports.guests.delete(guest.id);
}
