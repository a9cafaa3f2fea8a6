import { amountMessages } from '../amount-messages';

/** The most one gift may be: generous, and far from anything a typo or a probe would send. */
export const MAX_GIFT_CENTS = 2_500_000;
export const MIN_GIFT_CENTS = 100;
export const PRESET_GIFT_AMOUNTS = [36, 72, 108, 180, 360, 720] as const;

/** The spec's words for a gift's amount; core checks it in cents (centsField). */
export const GIFT_AMOUNT_MESSAGES = amountMessages({ min: MIN_GIFT_CENTS, max: MAX_GIFT_CENTS });
