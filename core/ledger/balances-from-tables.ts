import type { Gift } from '../gift/gift';
import type { Cents, Currency } from '../money';
import type { CharityPayout } from '../payout/charity-payout';
import type { Registry } from '../registry/registry';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  charityPayableAccount,
  familyPayableAccount,
  PLATFORM_FEE_REVENUE,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  registryGiftsAccount,
} from './chart-of-accounts';
import { providerFeeOf } from './posting-rules';
import type { Dispute } from '../dispute/dispute';
import { disputeBalances } from './dispute-postings';

/** Each account's balance in cents, debits positive, per currency. */
export type Balances = Map<Currency, Map<string, Cents>>;

/** The rows the books are re-derived from. */
export interface LedgerTables {
  /** Gifts whose money moved: succeeded, refunding, refunded or disputed (any others never touched the books). */
  gifts: readonly Pick<Gift, 'registryId' | 'charityId' | 'amount' | 'platformFee' | 'stripeFee' | 'providerFee' | 'paymentStatus'>[];
  /** Every registry a gift above belongs to, and every one that is closed or holds money. */
  registries: readonly Pick<Registry, 'id' | 'currency' | 'status' | 'totalReceived' | 'payoutAmount' | 'payoutStatus'>[];
  charityPayouts: readonly Pick<CharityPayout, 'charityId' | 'currency' | 'amount' | 'status'>[];
  /** Every dispute (absent on a database from before disputes were followed). */
  disputes?: readonly Dispute[];
}

/**
 * What every account must hold according to the tables alone, by the posting rules
 * (posting-rules.ts): an open registry holds its totalReceived, a closed one's family is owed its
 * payoutAmount until it is sent, a charity is owed its pending payout, and the platform's accounts
 * follow from the gifts paid and refunded and the payouts sent. A disputed gift was paid, and its
 * platform fee and card fees stay booked; what its dispute moved follows from the disputes table
 * (dispute-postings.ts), and an open registry's totalReceived already leaves its amount out.
 */
export function balancesFromTables(tables: LedgerTables): Balances {
  const balances: Balances = new Map();
  const add = (currency: Currency, account: string, amount: Cents) => {
    if (amount === 0) return;
    const accounts = balances.get(currency) ?? new Map<string, Cents>();
    accounts.set(account, (accounts.get(account) ?? 0) + amount);
    balances.set(currency, accounts);
  };
  const registries = new Map(tables.registries.map((registry) => [registry.id, registry]));
  for (const registry of tables.registries) {
    if (registry.status === 'open') add(registry.currency, registryGiftsAccount(registry.id), -registry.totalReceived);
    else if (registry.payoutStatus === 'completed') add(registry.currency, PROVIDER_CASH, -(registry.payoutAmount ?? 0));
    else add(registry.currency, familyPayableAccount(registry.id), -(registry.payoutAmount ?? 0));
  }
  for (const gift of tables.gifts) {
    const registry = registries.get(gift.registryId);
    if (!registry) throw new Error(`gift of registry ${gift.registryId}: the registry was not read`);
    const fee = providerFeeOf(gift);
    if (gift.paymentStatus === 'refunded') {
      add(registry.currency, REFUNDS_ABSORBED, fee);
      add(registry.currency, PROVIDER_CASH, -fee);
    } else if (gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunding' || gift.paymentStatus === 'disputed') {
      add(registry.currency, PROVIDER_CASH, gift.amount + gift.platformFee + gift.stripeFee - fee);
      add(registry.currency, CARD_FEES_PAID, fee);
      add(registry.currency, PLATFORM_FEE_REVENUE, -gift.platformFee);
      add(registry.currency, CARD_FEES_COLLECTED, -gift.stripeFee);
    }
  }
  for (const payout of tables.charityPayouts) {
    if (payout.status === 'completed') add(payout.currency, PROVIDER_CASH, -payout.amount);
    else add(payout.currency, charityPayableAccount(payout.charityId), -payout.amount);
  }
  for (const dispute of tables.disputes ?? []) {
    for (const posting of disputeBalances(dispute)) add(dispute.currency, posting.account, posting.amount);
  }
  return balances;
}
