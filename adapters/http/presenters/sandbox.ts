import { cardInGroups } from '@api/card-in-groups';
import type { OnboardingAccount } from '@api/sandbox';
import type { SandboxTestMode } from '@core/ports/sandbox-payments';
import { DomainError } from '@core/errors';
import type { PaymentStatusAnswer } from '@api/gifts';

const SPENT_LINK_MESSAGE = 'This onboarding link has expired or was already used.';

/** What the sandbox's card network and onboarding pages refuse, in the words the giver or owner reads. */
export const sandboxRefusals = {
  invalidLink: () =>
    new DomainError('validation.failed', 'This onboarding link is not valid. Please ask for a new one from your registry.', {
      token: 'Invalid or expired link',
    }),
  missingCard: () => new DomainError('validation.failed', 'clientSecret and cardNumber are required'),
  unknownPayment: () => new DomainError('validation.failed', 'This payment is not valid; please start the gift again'),
  expiredPayment: () => new DomainError('payment.failed', 'This payment has expired. Please start your gift again.'),
  unmatchedPayment: () => new DomainError('payment.failed', 'This payment could not be matched to a gift'),
  declined: () => new DomainError('payment.failed', 'Your card was declined.'),
  notATestCard: ({ cards }: SandboxTestMode) =>
    new DomainError(
      'validation.failed',
      `Test mode takes only the test cards: ${cardInGroups(cards.succeeds)} succeeds, ${cardInGroups(cards.declined)} is declined, ${cardInGroups(cards.disputed)} succeeds and is disputed moments later.`,
      { cardNumber: 'Use a test card' },
    ),
};

export function presentSandboxPayment(status: 'succeeded' | 'refunded') {
  return { status } satisfies PaymentStatusAnswer;
}

export function presentOnboardingAccount(account: { id: string; country: 'US' | 'CA'; email: string }) {
  return { accountId: account.id, country: account.country, email: account.email } satisfies OnboardingAccount;
}

export function presentOnboardingDone(returnUrl: string) {
  return { redirectUrl: returnUrl };
}

/** A link that was used or replaced, with the way to a fresh one. */
export function presentSpentLink(refreshUrl: string) {
  return { message: SPENT_LINK_MESSAGE, refreshUrl };
}
