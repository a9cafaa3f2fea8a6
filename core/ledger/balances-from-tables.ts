import type { Gift } from '../model/gift';
import type { Cents, Currency } from '../money';
import type { CharityPayout } from '../model/charity-payout';
import type { Registry } from '../model/registry';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  charityPayableAccount,
  familyPayableAccount,
  PAYOUTS_IN_TRANSIT,
  PLATFORM_FEE_REVENUE,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  REFUNDS_AT_PLATFORM_COST,
  registryGiftsAccount,
} from './chart-of-accounts';
import { providerFeeOf } from './posting-rules';
import type { Dispute } from '../model/dispute';
import { disputeBalances } from './dispute-postings';

/** Each account's balance in cents, debits positive, per currency. */
export type Balances = Map<Currency, Map<string, Cents>>;

/** The rows the books are re-derived from. */
export interface LedgerTables {
  /** Gifts whose money moved: succeeded, refunding, refunded or disputed (any others never touched the books). */
  gifts: readonly Pick<
    Gift,
    | 'registryId'
    | 'charityId'
    | 'currency'
    | 'amount'
    | 'platformFee'
    | 'cardFee'
    | 'providerFee'
    | 'paymentStatus'
    | 'refundedAtPlatformCost'
  >[];
  /** Every registry a gift above belongs to, and every one that is closed or holds money. */
  registries: readonly Pick<Registry, 'id' | 'currency' | 'status' | 'totalReceived' | 'payoutAmount' | 'payoutStatus'>[];
  charityPayouts: readonly Pick<CharityPayout, 'charityId' | 'currency' | 'amount' | 'status'>[];
  /** Every dispute (absent on a database from before disputes were followed). */
  disputes?: readonly Dispute[];
}

/**
 * What every account must hold according to the tables alone, by the posting rules
 * (posting-rules.ts): an open registry holds its totalReceived, a closed one's family is owed its
 * payoutAmount until it is claimed (then it is in transit) and sent, a charity is owed its pending
 * payout likewise, and the platform's accounts follow from the gifts paid and refunded and the
 * payouts sent. A refund after closing already shrank the payouts it came out of; one at the
 * platform's cost did not (they still hold its parts), so its amount is the platform's loss. A
 * disputed gift was paid, and its platform fee and card fees stay booked; what its dispute moved
 * follows from the disputes table (dispute-postings.ts), and an open registry's totalReceived
 * already leaves its amount out.
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
    else if (registry.payoutStatus === 'sending') add(registry.currency, PAYOUTS_IN_TRANSIT, -(registry.payoutAmount ?? 0));
    else add(registry.currency, familyPayableAccount(registry.id), -(registry.payoutAmount ?? 0));
  }
  for (const gift of tables.gifts) {
    if (!registries.has(gift.registryId)) throw new Error(`gift of registry ${gift.registryId}: the registry was not read`);
    // In the gift's own currency: a registry whose gifts were all refunded may have changed its own.
    const fee = providerFeeOf(gift);
    if (gift.paymentStatus === 'refunded') {
      add(gift.currency, REFUNDS_ABSORBED, fee);
      add(gift.currency, PROVIDER_CASH, -fee);
      // The family's and the charity's payouts still hold its parts: the platform's loss stands against them.
      if (gift.refundedAtPlatformCost) add(gift.currency, REFUNDS_AT_PLATFORM_COST, gift.amount);
    } else if (gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunding' || gift.paymentStatus === 'disputed') {
      add(gift.currency, PROVIDER_CASH, gift.amount + gift.platformFee + gift.cardFee - fee);
      add(gift.currency, CARD_FEES_PAID, fee);
      add(gift.currency, PLATFORM_FEE_REVENUE, -gift.platformFee);
      add(gift.currency, CARD_FEES_COLLECTED, -gift.cardFee);
    }
  }
  for (const payout of tables.charityPayouts) {
    if (payout.status === 'completed') add(payout.currency, PROVIDER_CASH, -payout.amount);
    else if (payout.status === 'sending') add(payout.currency, PAYOUTS_IN_TRANSIT, -payout.amount);
    else add(payout.currency, charityPayableAccount(payout.charityId), -payout.amount);
  }
  for (const dispute of tables.disputes ?? []) {
    for (const posting of disputeBalances(dispute)) add(dispute.currency, posting.account, posting.amount);
  }
  return balances;
}
