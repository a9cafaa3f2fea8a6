import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { Repositories } from '../ports/repositories';
import type { OfflineGift } from '../model/offline-gift';
import { offlineGiftNotFound, managedOfflineGift } from '../access/offline-gift-access';
import { offlineGiftDetails } from './offline-gift-input';

type Ports = Pick<Repositories, 'registries' | 'offlineGifts'>;

/** The family corrects what they recorded: every field is given again, as in the form. */
export async function updateOfflineGift(
  actor: User | null,
  id: string,
  input: unknown,
  ports: Ports & { clock: Clock },
): Promise<OfflineGift> {
  const { gift } = await managedOfflineGift(actor, id, ports);
  const details = await offlineGiftDetails(input, ports.clock.now());
  return ports.offlineGifts.update(gift.id, details);
}

/** The family removes a gift recorded by mistake; its thank-you note goes with it. */
export async function deleteOfflineGift(actor: User | null, id: string, ports: Ports): Promise<void> {
  const { gift } = await managedOfflineGift(actor, id, ports);
  if (!(await ports.offlineGifts.delete(gift.id))) throw offlineGiftNotFound();
}
