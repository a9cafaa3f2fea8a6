import type { Cents, Currency } from './money';
import { splitGift } from './split';

/** The flat platform fee, in the registry's currency, paid by the giver on top of each gift. */
export const PLATFORM_FEE_CENTS: Cents = 300;

/** A card processor's price: a rate in basis points (290 = 2.9%) plus a fixed amount per charge. */
export interface ProcessingRate {
  basisPoints: number;
  fixedCents: Cents;
}

/** The price per currency; configured in one place (bootstrap/config.ts) and answered by GET /api/config. */
export type ProcessingRates = Record<Currency, ProcessingRate>;

/**
 * Stripe's published card price for the platform's own account: 2.9% + 30 cents in the United
 * States, and 2.9% + C$0.30 for a Canadian balance. What the sandbox charges as its fee, and the
 * default price givers pay on top.
 */
export const STRIPE_PUBLISHED_RATES: ProcessingRates = {
  USD: { basisPoints: 290, fixedCents: 30 },
  CAD: { basisPoints: 290, fixedCents: 30 },
};

export interface GiftBreakdown {
  baseAmount: Cents;
  childAmount: Cents;
  charityAmount: Cents;
  platformFee: Cents;
  cardFee: Cents;
  totalAmount: Cents;
}

/**
 * What the giver is charged so that, after the processor takes its cut of the whole charge, the
 * platform still holds the gift plus the platform fee: total = ceil((A + fee + fixed) / (1 - rate)),
 * in integers so no float rounding can lose a cent.
 */
export function grossUp(amount: Cents, rate: ProcessingRate): Cents {
  const numerator = (amount + PLATFORM_FEE_CENTS + rate.fixedCents) * 10_000;
  const denominator = 10_000 - rate.basisPoints;
  return Math.ceil(numerator / denominator);
}

/** The processor's own cut of a charge, rounded half up to the cent as processors do. */
export function processorCut(total: Cents, rate: ProcessingRate): Cents {
  return Math.floor((total * rate.basisPoints + 5_000) / 10_000) + rate.fixedCents;
}

export function giftBreakdown(amount: Cents, rate: ProcessingRate): GiftBreakdown {
  const totalAmount = grossUp(amount, rate);
  return {
    baseAmount: amount,
    ...splitGift(amount),
    platformFee: PLATFORM_FEE_CENTS,
    cardFee: totalAmount - amount - PLATFORM_FEE_CENTS,
    totalAmount,
  };
}
