import type { GiftBreakdown } from '../../../../../core/fees';
import { PLATFORM_FEE_CENTS } from '../../../../../core/fees';
import { amountToCents } from '../../registries/lib/amounts';
import type { CheckoutData } from './checkout-storage';
import { giftBreakdownOf } from './gift-amount';

/**
 * The gift's breakdown in cents: what the server answered when it opened the payment (that is
 * what the card is charged), else the same computation by the core's functions.
 */
export function checkoutBreakdown(data: CheckoutData): GiftBreakdown {
  const answered = data.breakdown;
  if (!answered) return giftBreakdownOf(amountToCents(data.amount), data.currency);
  return {
    baseAmount: amountToCents(answered.baseAmount),
    childAmount: amountToCents(answered.childAmount),
    charityAmount: amountToCents(answered.charityAmount),
    platformFee: answered.platformFee === undefined ? PLATFORM_FEE_CENTS : amountToCents(answered.platformFee),
    stripeFee: amountToCents(answered.stripeFee),
    totalAmount: amountToCents(answered.totalAmount),
  };
}
