import { adminActor } from '@core/access/admin-access';
import { createDisputeService } from '@core/dispute/dispute-service';
import { recordDispute } from '@core/dispute/record-dispute';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { aCharity, aNewRegistry, aNewUser } from './builders';

const APP_URL = 'https://gifts.example.org';
const SUPPORT = 'help@gifts.example.org';

/**
 * The administrators' disputes built as bootstrap builds them, over in-memory fakes, with a
 * registry, an administrator (as the audit trail names them, and a colleague to be made), and a
 * way to have a paid gift disputed at the provider and reported here.
 */
export async function disputeWorld() {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = new FixedClock();
  const disputes = createDisputeService({ repositories, gateway, clock, appUrl: APP_URL, supportEmail: SUPPORT });
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const anAdmin = async (username: string) =>
    adminActor(
      await repositories.users.setAdmin(
        (await repositories.users.create(aNewUser({ username, email: `${username}@example.org` }))).id,
        true,
      ),
    );
  const charity = await repositories.charities.create(aCharity());
  const registry = await repositories.registries.create(aNewRegistry(owner.id, { currency: 'USD' }));
  const giving = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: APP_URL,
    supportEmail: SUPPORT,
  };
  /** A paid gift of the dollars given, disputed at the provider and reported here: the dispute as we keep it. */
  const aDisputedGift = async (dollars = 100) => {
    const { gift } = await startGift(
      {
        registryId: registry.id,
        charityId: charity.id,
        giftGiverName: 'Aunt Miriam',
        giftGiverEmail: 'miriam@example.com',
        amount: dollars * 100,
        personalMessage: '',
      },
      giving,
    );
    await recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, giving);
    const report = gateway.openDispute(gift.paymentIntentId!);
    await recordDispute(report, { unitOfWork: repositories, clock, appUrl: APP_URL, supportEmail: SUPPORT });
    return (await repositories.disputes.list()).find((each) => each.providerDisputeId === report.disputeId)!;
  };
  return { repositories, gateway, clock, disputes, owner, registry, anAdmin, aDisputedGift };
}
