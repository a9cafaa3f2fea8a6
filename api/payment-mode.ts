/**
 * The page shell's <html> carries this attribute, set to 'test', while payments run on the sandbox:
 * the "Test mode" banner is drawn from the first paint instead of pushing the page down once
 * GET /api/config answers. A module of its own, so the guest pages' script takes this name
 * without the operations of api/system.ts.
 */
export const PAYMENT_MODE_ATTRIBUTE = 'data-payment-mode';
