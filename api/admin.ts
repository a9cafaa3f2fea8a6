import { CURRENCIES } from '@core/money';
import { MANUAL_PAYOUT_METHODS, REGISTRY_STATUSES } from '@core/model/registry';
import { CELEBRATION_TYPES } from '@core/model/celebration-title';
import { CHARITY_PAYOUT_STATUSES } from '@core/model/charity-payout';
import { charityPayoutCompletionSchema, manualPayoutRecordSchema, payoutInfoSchema } from '@core/payout/payout-schemas';
import { amountSchema } from './amount';
import { refundProperties } from './gifts';
import { arrayOf, count, exactObject, flag, instant, nullableInstant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { transferResultSchema } from './payouts';
import { operation } from './operation';
import { inWireUnits } from './request-schema';
import { payoutDetailsProperties } from './payout-details';

const currency = oneOfValues(CURRENCIES);

/**
 * Who is sending a payout, and since when (null while it waits): every administrator sees it, and
 * only its holder marks the payout sent (docs/adr/0017-payouts-claimed-before-they-are-sent.md).
 */
export const payoutClaimSchema = {
  anyOf: [
    exactObject({
      /** The holder's name (an administrator's username, or who started a bank transfer). */
      by: text,
      at: instant,
      /** Whether the administrator asking holds it: they may mark it sent. */
      byYou: flag,
    }),
    { type: 'null' },
  ],
} as const;
export type PayoutClaimView = Wire<typeof payoutClaimSchema>;

/** One charity's pending share, per currency. */
export const pendingDistributionSchema = exactObject({
  payoutId: text,
  charityId: text,
  charityName: text,
  currency,
  totalAmount: amountSchema,
  giftCount: count,
  /** pending (waiting) or sending (claimed). */
  status: oneOfValues(CHARITY_PAYOUT_STATUSES),
  claim: payoutClaimSchema,
});
export type PendingDistribution = Wire<typeof pendingDistributionSchema>;

export const charityPayoutSchema = exactObject({
  id: text,
  charityId: text,
  charityName: text,
  amount: amountSchema,
  currency,
  registryIds: arrayOf(text),
  giftCount: count,
  paymentMethod: nullableText,
  referenceNumber: nullableText,
  notes: nullableText,
  status: oneOfValues(CHARITY_PAYOUT_STATUSES),
  claim: payoutClaimSchema,
  completedAt: nullableInstant,
  createdAt: instant,
  updatedAt: instant,
});
export type CharityPayoutView = Wire<typeof charityPayoutSchema>;

/** A closed registry paid by PayPal or check, which an administrator sends by hand. */
export const manualPayoutSchema = exactObject({
  id: text,
  childName: text,
  shortCode: text,
  currency,
  totalReceived: amountSchema,
  ...payoutDetailsProperties,
  /** Only registries paid by PayPal or check are sent by hand. */
  payoutMethod: oneOfValues(MANUAL_PAYOUT_METHODS),
  ownerEmail: nullableText,
  claim: payoutClaimSchema,
  /** Recorded when it was marked sent: the PayPal transaction id or the check's number (null before, and for payouts sent before it was asked). */
  referenceNumber: nullableText,
});
export type ManualPayout = Wire<typeof manualPayoutSchema>;

export const manualPayoutsSchema = exactObject({ pending: arrayOf(manualPayoutSchema), completed: arrayOf(manualPayoutSchema) });
export type ManualPayouts = Wire<typeof manualPayoutsSchema>;

/** A closed registry's bank payout that did not go through, with what the provider said and whom to reach. */
export const failedPayoutSchema = exactObject({
  id: text,
  childName: text,
  shortCode: text,
  currency,
  closedAt: nullableInstant,
  payoutAmount: amountSchema,
  /** Tries that failed so far (refused, or unanswered). */
  transferAttempts: count,
  /** The provider's code for the last refusal, or provider_unavailable when it did not answer. */
  transferFailureReason: nullableText,
  /** The provider's words for it. */
  transferFailureMessage: nullableText,
  /** When it may be tried again: at once after a refusal, a while after an unanswered try. */
  retryAvailableAt: nullableInstant,
  /** The registry's owner: whom to reach about it. */
  owner: { anyOf: [exactObject({ name: text, email: text }), { type: 'null' }] },
});
export type FailedPayout = Wire<typeof failedPayoutSchema>;

export const failedPayoutRetrySchema = exactObject({ transferResult: transferResultSchema });
export type FailedPayoutRetry = Wire<typeof failedPayoutRetrySchema>;

/** A registry an administrator looked up, with its paid and refunded gifts, to refund one. */
export const adminGiftLookupSchema = exactObject({
  registry: exactObject({
    id: text,
    shortCode: text,
    childName: text,
    celebrationType: oneOfValues(CELEBRATION_TYPES),
    currency,
    status: oneOfValues(REGISTRY_STATUSES),
    totalReceived: amountSchema,
  }),
  gifts: arrayOf(
    exactObject({
      id: text,
      giftGiverName: text,
      giftGiverEmail: text,
      /** The gift's own currency: the registry's, but for a gift refunded before the registry's changed. */
      currency,
      amount: amountSchema,
      createdAt: instant,
      ...refundProperties,
      /** Why the gift cannot be refunded now (null when it can): a payout already claimed or sent, say. */
      refundRefusal: nullableText,
      /** Whether an administrator may refund it at the platform's cost (a payout was claimed or sent, so the ordinary refund is refused). */
      refundableAtPlatformCost: flag,
    }),
  ),
});
export type AdminGiftLookup = Wire<typeof adminGiftLookupSchema>;

export const adminOperations = [
  operation({
    method: 'GET',
    path: '/api/admin/gifts',
    operationId: 'findGiftsForRefund',
    session: 'required',
    summary: "A registry's paid and refunded gifts, found by its link, id or short code (administrators)",
    query: { registry: { description: 'The registry’s link (/registry/{id} or /r/{code}), id or short code' } },
    responses: { 200: { description: 'The registry and its gifts, newest first', schema: adminGiftLookupSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/charity-payouts/pending',
    operationId: 'listPendingCharityPayouts',
    session: 'required',
    summary: 'What each charity is owed (administrators)',
    responses: { 200: { description: 'Largest first', schema: arrayOf(pendingDistributionSchema) } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/charity-payouts',
    operationId: 'listCharityPayouts',
    session: 'required',
    summary: 'Every charity payout (administrators)',
    responses: { 200: { description: 'The history', schema: arrayOf(charityPayoutSchema) } },
  }),
  operation({
    method: 'PATCH',
    path: '/api/admin/charity-payouts/{id}/status',
    operationId: 'completeCharityPayout',
    session: 'required',
    summary:
      'Record a charity payout as paid: one nobody holds is claimed for you in the same step, one another administrator holds stays theirs (administrators)',
    body: inWireUnits(charityPayoutCompletionSchema, ['expectedAmount']),
    responses: { 200: { description: 'The payout now', schema: charityPayoutSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/charity-payouts/{id}/claim',
    operationId: 'claimCharityPayout',
    session: 'required',
    summary: 'Claim a charity payout before paying it: you are shown as the one sending it, and its amount is fixed (administrators)',
    responses: { 200: { description: 'The payout, now being sent by you', schema: charityPayoutSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/charity-payouts/{id}/release',
    operationId: 'releaseCharityPayout',
    session: 'required',
    summary: "Release a charity payout's claim, unpaid: by its holder, or by another administrator for a stale claim (administrators)",
    responses: { 200: { description: 'The payout, waiting again', schema: charityPayoutSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/manual-payouts',
    operationId: 'listManualPayouts',
    session: 'required',
    summary: 'PayPal and check payouts to send and sent (administrators)',
    responses: { 200: { description: 'Pending and completed', schema: manualPayoutsSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/admin/failed-payouts',
    operationId: 'listFailedPayouts',
    session: 'required',
    summary: 'Bank payouts that did not go through (administrators)',
    responses: { 200: { description: 'Most recently closed first', schema: arrayOf(failedPayoutSchema) } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/failed-payouts/{id}/retry',
    operationId: 'retryFailedPayout',
    session: 'required',
    summary: "Try a failed bank payout again, to the family's account as it is now (administrators)",
    responses: { 200: { description: 'What the provider answered', schema: failedPayoutRetrySchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/admin/failed-payouts/{id}/payout-method',
    operationId: 'switchFailedPayoutMethod',
    session: 'required',
    summary: "Send a failed bank payout by PayPal or a check instead, on the family's word (administrators)",
    body: payoutInfoSchema,
    responses: { 200: { description: 'The payout, now on the Manual Payouts list', schema: manualPayoutSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/manual-payouts/{id}/claim',
    operationId: 'claimManualPayout',
    session: 'required',
    summary:
      'Claim a PayPal or check payout before sending it: you are shown as the one sending it, and its amount is fixed (administrators)',
    responses: { 200: { description: 'The payout, now being sent by you', schema: manualPayoutSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/manual-payouts/{id}/release',
    operationId: 'releaseManualPayout',
    session: 'required',
    summary:
      "Release a PayPal or check payout's claim, unsent: by its holder, or by another administrator for a stale claim (administrators)",
    responses: { 200: { description: 'The payout, waiting again', schema: manualPayoutSchema } },
  }),
  operation({
    method: 'PATCH',
    path: '/api/admin/manual-payouts/{id}/complete',
    operationId: 'completeManualPayout',
    session: 'required',
    summary:
      'Record a PayPal or check payout as sent, with its PayPal transaction id or check number when given (the admin screen asks for it): one nobody holds is claimed for you in the same step, one another administrator holds stays theirs (administrators)',
    body: manualPayoutRecordSchema('paypal'),
    bodyOptional: true,
    responses: { 200: { description: 'The payout now', schema: manualPayoutSchema } },
  }),
];

/** PATCH /api/admin/charity-payouts/{id}/status, as the admin screen sends it (core's charityPayoutCompletionSchema checks it). */
export interface CharityPayoutCompletion {
  paymentMethod: string;
  referenceNumber: string;
  notes: string | null;
  /** The amount the administrator saw: refused (409) if the payout grew since. */
  expectedAmount: number;
}
