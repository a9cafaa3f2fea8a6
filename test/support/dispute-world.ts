import { createDisputeService } from '@core/dispute/dispute-service';
import { recordDispute } from '@core/dispute/record-dispute';
import { aNewUser } from './builders';
import { giftWorld } from './gift-world';

const APP_URL = 'https://gifts.example.org';
const SUPPORT = 'help@gifts.example.org';

/**
 * The administrators' disputes built as bootstrap builds them, over in-memory fakes, beside the
 * gifts' world (its registry, owner and charity), with administrators to be made, and a way to have a paid gift disputed at the provider and reported here.
 */
export async function disputeWorld() {
  const world = await giftWorld();
  const { repositories, gateway, clock } = world;
  const disputes = createDisputeService({ repositories, gateway, clock, appUrl: APP_URL, supportEmail: SUPPORT });
  const anAdmin = async (username: string) =>
    repositories.users.setAdmin((await repositories.users.create(aNewUser({ username, email: `${username}@example.org` }))).id, true);
  /** A paid gift of the dollars given, disputed at the provider and reported here: the dispute as we keep it. */
  const aDisputedGift = async (dollars = 100) => {
    const { paymentIntentId } = await world.give(dollars * 100);
    await world.gifts.reconcile(paymentIntentId);
    const report = gateway.openDispute(paymentIntentId);
    await recordDispute(report, { unitOfWork: repositories, clock, appUrl: APP_URL, supportEmail: SUPPORT });
    return (await repositories.disputes.list()).find((each) => each.providerDisputeId === report.disputeId)!;
  };
  return { ...world, disputes, anAdmin, aDisputedGift };
}
