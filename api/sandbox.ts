import { exactObject, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { paymentStatusSchema } from './gifts';

/** The sandbox's test cards (digits only) and the words in dispute evidence that decide it: GET /api/config's sandboxTestMode. */
export const sandboxTestModeSchema = exactObject({
  cards: exactObject({ succeeds: text, declined: text, disputed: text }),
  evidence: exactObject({ wins: text, loses: text }),
});
export type SandboxTestModeAnswer = Wire<typeof sandboxTestModeSchema>;

export const ONBOARDING_OUTCOMES = ['verified', 'rejects_transfers', 'unfinished'] as const;

export const onboardingAccountSchema = exactObject({ accountId: text, country: oneOfValues(['US', 'CA'] as const), email: text });
export type OnboardingAccount = Wire<typeof onboardingAccountSchema>;
export const onboardingDoneSchema = exactObject({ redirectUrl: text });
/** A link that was used or replaced, with the way to a fresh one. */
export const spentLinkSchema = exactObject({ message: text, refreshUrl: text });

export const sandboxOperations = [
  operation({
    method: 'POST',
    path: '/api/sandbox/confirm',
    operationId: 'confirmSandboxPayment',
    session: 'none',
    summary: 'Pay with a test card (sandbox only)',
    provider: 'sandbox',
    body: exactObject({ clientSecret: text, cardNumber: text }),
    responses: { 200: { description: 'The payment went through', schema: paymentStatusSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/sandbox/onboarding',
    operationId: 'getSandboxOnboarding',
    session: 'required',
    summary: 'Whose payment account an onboarding link is for (sandbox only)',
    provider: 'sandbox',
    query: { token: { description: 'The link’s token', required: true } },
    responses: {
      200: { description: 'The account', schema: onboardingAccountSchema },
      410: { description: 'The link was used or replaced', schema: spentLinkSchema },
    },
  }),
  operation({
    method: 'POST',
    path: '/api/sandbox/onboarding',
    operationId: 'finishSandboxOnboarding',
    session: 'required',
    summary: 'Finish onboarding with the chosen outcome (sandbox only)',
    provider: 'sandbox',
    body: exactObject({ token: text, outcome: oneOfValues(ONBOARDING_OUTCOMES) }),
    responses: {
      200: { description: 'Where to send the owner back', schema: onboardingDoneSchema },
      410: { description: 'The link was used or replaced', schema: spentLinkSchema },
    },
  }),
];
