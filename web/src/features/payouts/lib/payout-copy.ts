import type { ToastOptions } from '@/components/toast';
import type { PayoutMethod, PayoutStatusView } from '@api/payouts';
import { CHECK_TIMING, PAYPAL_TIMING } from '@core/payout/payout-timing';

/** How each payout method is named where it is chosen and shown. */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank: 'Bank transfer',
  paypal: 'PayPal',
  check: 'Mailed check',
};

/** docs/product.md#validation-rules: why the Close button is disabled, word for word; the server refuses with the same words. */
export { CHOOSE_METHOD_HINT, CLOSE_HINTS } from '@core/payout/payout-readiness';

/** docs/product.md#constants-and-limits: payout timing. */
export { CHECK_TIMING, PAYPAL_TIMING };

/** docs/product.md#errors-and-messages. */
export const PAYOUT_ISSUE_TITLE = 'Payout Issue';
export const PAYOUT_ISSUE_TEXT = 'There was an issue processing your payout. Please contact support.';

export const CLOSE_ERROR_TITLE = 'Error closing registry';
export const CLOSE_ERROR_FALLBACK = 'Failed to close registry. Please try again.';
export const CREATE_ACCOUNT_ERROR_TITLE = 'Error creating account';
export const CREATE_ACCOUNT_ERROR_FALLBACK = 'Failed to create payment account. Please try again.';
export const ONBOARDING_ERROR_TITLE = 'Error loading onboarding';
export const ONBOARDING_ERROR_FALLBACK = 'Failed to load the bank account setup. Please try again.';
export const NO_ONBOARDING_URL = 'No onboarding URL received from server';

/** Processing, Completed or Failed. */
export type PayoutDisplayState = 'processing' | 'completed' | 'failed';

export function payoutDisplayState(payout: Pick<PayoutStatusView, 'payoutStatus' | 'transferResult'>): PayoutDisplayState {
  if (payout.transferResult && payout.transferResult.success === false) return 'failed';
  if (payout.payoutStatus === 'completed') return 'completed';
  return 'processing';
}

export const PAYOUT_STATE_LABELS: Record<PayoutDisplayState, string> = {
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** The toast after closing (docs/product.md#states-and-transitions, the close flow). */
export function closeResultToast(
  method: PayoutMethod | null,
  transfer: { success: boolean } | undefined,
  familyAmount: string | null,
  paypalEmail: string | null,
): ToastOptions {
  if (transfer?.success === true) {
    return {
      title: 'Registry closed',
      description: familyAmount
        ? `Your payout of ${familyAmount} is on its way to your bank account.`
        : 'Your payout is on its way to your bank account.',
    };
  }
  if (transfer && transfer.success === false) {
    return {
      title: 'Registry closed with payout pending',
      description: PAYOUT_ISSUE_TEXT,
      variant: 'destructive',
    };
  }
  let description = 'No more gifts can be made.';
  if (method === 'paypal')
    description = `Your payout will be sent to ${paypalEmail ? paypalEmail : 'your PayPal account'} ${PAYPAL_TIMING}.`;
  if (method === 'check') description = `Your check will be ${CHECK_TIMING}.`;
  return { title: 'Registry closed', description };
}

/**
 * Provider requirement codes ('external_account', 'individual.dob', …) in words the owner knows.
 * Several codes may name the same thing; each is listed once.
 */
export function describeRequirements(codes: readonly string[]): string[] {
  const words = codes.map((code) => {
    if (code === 'external_account' || code.startsWith('external_account')) return 'Bank account details';
    if (code.startsWith('tos_acceptance')) return 'Accept the terms of service';
    if (code.startsWith('individual.verification') || code.includes('.verification.')) return 'Identity verification';
    if (code.startsWith('individual') || code.startsWith('person') || code.startsWith('representative')) return 'Personal details';
    if (code.startsWith('business_profile') || code.startsWith('company')) return 'Business details';
    const text = code.replace(/[._]+/g, ' ').trim();
    return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Other details';
  });
  return [...new Set(words)];
}
