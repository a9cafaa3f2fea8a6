import { MAX_GIFT_CENTS, MIN_GIFT_CENTS } from '@core/gift/gift-schemas';
import { parseCents, type Cents } from '@core/money';

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
