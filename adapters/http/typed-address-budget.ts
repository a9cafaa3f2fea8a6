import type { TypedAddressMailBudget } from '@core/thank-you/typed-address-budget';
import { countPointsOnEach, uncountPoints, type AttemptLimits, type Counter } from './attempt-limiter';

const WHAT = 'cards e-mailed to gifts given by hand today';

/**
 * The day's budget of cards to addresses the family typed, for one signed-in family member on one
 * network: before the registry's first paid gift, counted per account and per network (accounts
 * are cheap); after it, per account.
 */
export function typedAddressBudget(limits: AttemptLimits, accountId: string, network: string): TypedAddressMailBudget {
  const counters = (registryHasPaidGift: boolean): Counter[] =>
    registryHasPaidGift
      ? [[limits.typedAddressCardsPerAccount, accountId]]
      : [
          [limits.typedAddressCardsBeforePaidGiftPerAccount, accountId],
          [limits.typedAddressCardsBeforePaidGiftPerNetwork, network],
        ];
  return {
    async take(count, registryHasPaidGift) {
      await countPointsOnEach(counters(registryHasPaidGift), count, WHAT);
    },
    async giveBack(count, registryHasPaidGift) {
      for (const counter of counters(registryHasPaidGift)) await uncountPoints(counter, count);
    },
  };
}
