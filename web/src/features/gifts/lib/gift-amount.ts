import { MAX_GIFT_CENTS, MIN_GIFT_CENTS } from '@core/gift/gift-amounts';
import type { Cents } from '@core/money';
import { typedCents } from '@/lib/typed-cents';

/**
 * The amount the giver typed or picked, in cents, when it is a gift the server takes (at least
 * MIN_GIFT_CENTS, at most MAX_GIFT_CENTS, two decimals at most); otherwise null.
 */
export function giftAmountCents(text: string): Cents | null {
  const cents = typedCents(text);
  return cents !== null && cents >= MIN_GIFT_CENTS && cents <= MAX_GIFT_CENTS ? cents : null;
}
