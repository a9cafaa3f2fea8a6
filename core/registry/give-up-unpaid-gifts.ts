import { giveUpPendingGift } from '../gift/expire-abandoned-gifts';
import type { PaymentPorts } from '../ports/payment-ports';

/**
 * Before the family deletes a registry or changes its currency: every gift of it still pending is
 * given up on the spot, as the sweep gives up an abandoned one (its payment cancelled at the
 * provider), so a stranger who started a gift and never paid holds nothing. A payment that did go
 * through is credited instead, and then rightly holds the registry, as does one the provider cannot
 * yet speak for: the change will be refused, so the gifts after it are left to their givers.
 */
export async function giveUpUnpaidGiftsOf(registryId: string, ports: PaymentPorts): Promise<void> {
  const pending = (await ports.gifts.listByRegistry(registryId)).filter((gift) => gift.paymentStatus === 'pending');
  for (const gift of pending) {
    const outcome = await giveUpPendingGift(gift, ports);
    if (outcome === 'credited' || outcome === 'undecided') return;
  }
}
