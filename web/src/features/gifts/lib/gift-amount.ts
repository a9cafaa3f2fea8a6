import { DEFAULT_PROCESSING_RATES, giftBreakdown, type GiftBreakdown } from '../../../../../core/fees';
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS } from '../../../../../core/gift/gift-schemas';
import { parseCents, type Cents, type Currency } from '../../../../../core/money';

/**
 * The amount the giver typed or picked, in cents, when it is a gift the server takes (at least
 * MIN_GIFT_CENTS, at most MAX_GIFT_CENTS, two decimals at most); otherwise null.
 */
export function giftAmountCents(text: string): Cents | null {
  let cents: Cents;
  try {
    cents = parseCents(text);
  } catch {
    return null;
  }
  return cents >= MIN_GIFT_CENTS && cents <= MAX_GIFT_CENTS ? cents : null;
}

/**
 * What a gift of this amount costs and where it goes, computed by the core's own functions with
 * the same default rates the server charges (design section 3), so the form shows the very total
 * the card is charged.
 */
export function giftBreakdownOf(cents: Cents, currency: Currency): GiftBreakdown {
  return giftBreakdown(cents, DEFAULT_PROCESSING_RATES[currency]);
}
