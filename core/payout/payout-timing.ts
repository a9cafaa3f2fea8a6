/**
 * How long a payout takes (docs/product.md#constants-and-limits), in the words every screen and
 * e-mail builds its sentence from: one place to change when the promise changes.
 */
export const PAYPAL_TIMING = 'within 3-5 business days';
export const CHECK_TIMING = 'mailed within 5-7 business days after closing';
/** A bank transfer reaches the family's payment account at once; their bank shows it after the provider's payout to it. */
export const BANK_TIMING = 'within 2 business days';
