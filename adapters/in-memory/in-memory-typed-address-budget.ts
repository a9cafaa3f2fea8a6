import { DomainError } from '@core/errors';
import type { TypedAddressMailBudget } from '@core/thank-you/typed-address-budget';

/** The day's budget of cards to typed addresses, kept in memory for tests: what is left of each tier. */
export class InMemoryTypedAddressBudget implements TypedAddressMailBudget {
  taken = { beforePaidGift: 0, afterPaidGift: 0 };

  constructor(private readonly perDay: { beforePaidGift: number; afterPaidGift: number } = { beforePaidGift: 10, afterPaidGift: 200 }) {}

  async take(count: number, registryHasPaidGift: boolean): Promise<void> {
    const tier = registryHasPaidGift ? 'afterPaidGift' : 'beforePaidGift';
    if (this.taken[tier] + count > this.perDay[tier]) {
      throw new DomainError(
        'auth.rate_limited',
        'Too many cards e-mailed to gifts given by hand today. Please try again in 1440 minute(s).',
      );
    }
    this.taken[tier] += count;
  }

  async giveBack(count: number, registryHasPaidGift: boolean): Promise<void> {
    const tier = registryHasPaidGift ? 'afterPaidGift' : 'beforePaidGift';
    this.taken[tier] = Math.max(0, this.taken[tier] - count);
  }
}
