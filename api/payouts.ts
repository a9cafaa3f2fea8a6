import { payoutInfoSchema } from '@core/payout/payout-schemas';
import type { BankCountry } from '@core/payout/payout-readiness';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from '@core/model/registry';
import { amountSchema, nullableAmountSchema } from './amount';
import {
  arrayOf,
  count,
  exactObject,
  flag,
  nullableInstant,
  nullableOneOf,
  nullableText,
  objectWithOptional,
  oneOfValues,
  text,
  type Wire,
} from './json-schema';
import { operation } from './operation';
import { ownerRegistryViewSchema } from './registries';

const BANK_COUNTRIES = ['US', 'CA'] as const satisfies readonly BankCountry[];

/** A bank transfer's outcome: absent for PayPal, check and a registry with nothing to pay. */
export const transferResultSchema = {
  oneOf: [exactObject({ success: { const: true } }), exactObject({ success: { const: false }, reason: text, message: text })],
} as const;
export type TransferResult = Wire<typeof transferResultSchema>;

export const closeAnswerSchema = objectWithOptional(
  { message: text, registry: ownerRegistryViewSchema },
  { transferResult: transferResultSchema },
);
export type CloseAnswer = Wire<typeof closeAnswerSchema>;

/** GET /api/registries/{id}/payout-status. */
/** A follow-up payout as the family sees it: waiting (pending), being sent by an administrator (sending), or sent. */
const followUpOfFamilySchema = exactObject({
  method: oneOfValues(PAYOUT_METHODS),
  amount: amountSchema,
  status: oneOfValues(['pending', 'sending', 'completed'] as const),
  sentAt: nullableInstant,
});

export const payoutStatusSchema = exactObject({
  payoutMethod: nullableOneOf(PAYOUT_METHODS),
  payoutAmount: nullableAmountSchema,
  charityPayoutAmount: nullableAmountSchema,
  payoutStatus: oneOfValues(PAYOUT_STATUSES),
  closedAt: nullableInstant,
  payoutSentAt: nullableInstant,
  transferResult: { anyOf: [transferResultSchema, { type: 'null' }] },
  /**
   * When PUT close may try a bank transfer that has not gone through again (at once after a
   * failure, a while after closing when no answer was recorded); null when there is nothing to try.
   */
  retryAvailableAt: nullableInstant,
  /** The family's follow-up payouts: each a gift held back at closing whose dispute was won afterwards, paid on its own by the registry's method. */
  followUps: arrayOf(followUpOfFamilySchema),
});
export type PayoutStatusView = Wire<typeof payoutStatusSchema>;

/** One row of the charity breakdown: a charity's 10% share of the succeeded gifts. */
export const charityBreakdownRowSchema = exactObject({ charityId: text, charityName: text, giftCount: count, totalAmount: amountSchema });
export type CharityBreakdownRow = Wire<typeof charityBreakdownRowSchema>;
export const charityBreakdownSchema = exactObject({ charities: arrayOf(charityBreakdownRowSchema) });
export type CharityBreakdown = Wire<typeof charityBreakdownSchema>;

/** The user's payment account; accountId and country are null while there is none yet. */
export const connectAccountStatusSchema = exactObject({
  accountId: nullableText,
  payoutsEnabled: flag,
  requirementsDue: arrayOf(text),
  country: nullableOneOf(BANK_COUNTRIES),
});
export type ConnectAccountStatus = Wire<typeof connectAccountStatusSchema>;

export const onboardingLinkSchema = exactObject({ url: text });

export const payoutOperations = [
  operation({
    method: 'PUT',
    path: '/api/registries/{id}/payout-info',
    operationId: 'savePayoutInfo',
    session: 'required',
    summary: 'Choose how the family is paid (owner)',
    body: payoutInfoSchema,
    responses: { 200: { description: 'The registry with its payout details', schema: ownerRegistryViewSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/registries/{id}/close',
    operationId: 'closeRegistry',
    session: 'required',
    summary: 'Close the registry and pay out, or try a bank transfer again (owner)',
    responses: { 200: { description: 'What happened, and the registry now', schema: closeAnswerSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/payout-status',
    operationId: 'getPayoutStatus',
    session: 'required',
    summary: "Where the family's money is (owner)",
    responses: { 200: { description: 'The payout and the last transfer', schema: payoutStatusSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/charity-breakdown',
    operationId: 'getCharityBreakdown',
    session: 'required',
    summary: "Each charity's share of the registry (owner or co-owner)",
    responses: { 200: { description: 'Largest first', schema: charityBreakdownSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/connect/account-status',
    operationId: 'getConnectAccountStatus',
    session: 'required',
    summary: "The signed-in user's payment account",
    responses: { 200: { description: 'Its state', schema: connectAccountStatusSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/connect/create-account',
    operationId: 'createConnectAccount',
    session: 'required',
    summary: 'Open the payment account a bank payout goes to',
    body: exactObject({ country: oneOfValues(BANK_COUNTRIES) }),
    responses: { 200: { description: 'The account', schema: connectAccountStatusSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/registries/{id}/payout-method',
    operationId: 'switchPayoutMethod',
    session: 'required',
    summary: 'Send a bank payout that did not go through by PayPal or a check instead (owner)',
    body: payoutInfoSchema,
    responses: { 200: { description: 'The registry, its payout now waiting to be sent by hand', schema: ownerRegistryViewSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/connect/account-update-link',
    operationId: 'createAccountUpdateLink',
    session: 'required',
    summary: "A link to the provider's pages where the owner changes the bank account a refused payout goes to (owner)",
    body: exactObject({ registryId: text }),
    responses: { 200: { description: 'Where to send the owner', schema: onboardingLinkSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/connect/onboarding-link',
    operationId: 'createOnboardingLink',
    session: 'required',
    summary: "A link to the provider's pages where the owner gives their bank details",
    body: exactObject({ registryId: text }),
    responses: { 200: { description: 'Where to send the owner', schema: onboardingLinkSchema } },
  }),
];

export type { PayoutMethod, PayoutStatus } from '@core/model/registry';

/** PUT /api/registries/{id}/payout-info, as the payout form sends it (core's payoutInfoSchema checks it). */
export interface PayoutInfoBody {
  payoutMethod: (typeof PAYOUT_METHODS)[number];
  paypalEmail?: string;
  mailingName?: string;
  mailingAddress?: string;
  mailingCity?: string;
  mailingState?: string;
  mailingZip?: string;
  mailingCountry?: BankCountry;
}
