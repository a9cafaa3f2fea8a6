/**
 * How long a payout sent by hand takes (docs/product.md#constants-and-limits), in the words every
 * screen and e-mail builds its sentence from: one place to change when the promise changes.
 */
export const PAYPAL_TIMING = 'within 3-5 business days';
export const CHECK_TIMING = 'mailed within 5-7 business days after closing';
