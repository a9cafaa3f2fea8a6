import type { GiftBreakdown } from '@core/fees';
import { PLATFORM_FEE_CENTS } from '@core/fees';
import { fromWireAmount } from '@api/amount';
import type { CheckoutData } from './checkout-storage';

/**
 * The gift's breakdown in cents: what the server answered when it opened the payment, which is
 * what the card is charged; null when the tab holds no answer (the payment must start again).
 */
export function checkoutBreakdown(data: CheckoutData): GiftBreakdown | null {
  const answered = data.breakdown;
  if (!answered) return null;
  return {
    baseAmount: fromWireAmount(answered.baseAmount),
    childAmount: fromWireAmount(answered.childAmount),
    charityAmount: fromWireAmount(answered.charityAmount),
    platformFee: answered.platformFee === undefined ? PLATFORM_FEE_CENTS : fromWireAmount(answered.platformFee),
    cardFee: fromWireAmount(answered.stripeFee),
    totalAmount: fromWireAmount(answered.totalAmount),
  };
}
