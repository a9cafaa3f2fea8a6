import { DISPUTE_PHASES, FOLLOW_UP_STATUSES, PROVIDER_DISPUTE_STATUSES } from '@core/model/dispute';
import { PAYOUT_METHODS } from '@core/model/registry';
import { evidenceSchema, followUpSentSchema } from '@core/dispute/dispute-schemas';
import { CURRENCIES } from '@core/money';
import { REGISTRY_STATUSES } from '@core/model/registry';
import { payoutClaimSchema } from './admin';
import { amountSchema, nullableAmountSchema } from './amount';
import { arrayOf, exactObject, nullableInstant, nullableOneOf, nullableText, instant, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

/** A dispute as the administrators' Disputes page shows it (core/dispute/list-disputes.ts). */
export const disputeSchema = exactObject({
  id: text,
  /** The provider's id for it (Stripe: du_…), to find it in the provider's dashboard. */
  providerDisputeId: text,
  currency: oneOfValues(CURRENCIES),
  /** What the giver's bank took back: all the giver paid. */
  amount: amountSchema,
  /** The card issuer's reason code, and its words for people. */
  reason: text,
  reasonText: text,
  status: oneOfValues(PROVIDER_DISPUTE_STATUSES),
  /** Won or lost once decided; null while the bank has not decided. */
  outcome: nullableOneOf(['won', 'lost'] as const),
  evidenceDueBy: nullableInstant,
  /** Whether evidence may be sent now. */
  awaitsEvidence: { type: 'boolean' },
  evidenceSubmittedAt: nullableInstant,
  evidenceText: nullableText,
  /** held: taken out of an open registry's amounts until decided; paid: the money had already gone. */
  phase: oneOfValues(DISPUTE_PHASES),
  /** What the provider took from the platform's balance for it: the amount and its dispute fee (null until taken). */
  withdrawnAmount: nullableAmountSchema,
  withdrawnFee: nullableAmountSchema,
  /**
   * What came back after a win, of the amount and of the fee (core/dispute/dispute-money-back.ts):
   * the fee is back only when the provider returned it. Null while nothing came back.
   */
  returned: { anyOf: [exactObject({ amount: amountSchema, fee: amountSchema }), { type: 'null' }] },
  /** What an administrator may take back from the family's bank transfer now (a lost dispute whose money had gone), or null. */
  reversibleAmount: nullableAmountSchema,
  transferReversalId: nullableText,
  reversedAmount: nullableAmountSchema,
  /**
   * Won after its registry closed while the gift was held back: the family's part, paid on its own
   * (a bank transfer the server sends, or a PayPal payment or check an administrator claims, sends
   * and marks sent). Null for every other dispute.
   */
  followUp: {
    ...exactObject({
      method: oneOfValues(PAYOUT_METHODS),
      amount: amountSchema,
      /** pending (waiting), sending (claimed by an administrator), completed. */
      status: oneOfValues(FOLLOW_UP_STATUSES),
      /** Who is sending a PayPal or check follow-up, and since when; null unless it is being sent. */
      claim: payoutClaimSchema,
      /** The bank transfer's id, or the PayPal transaction id or check number recorded. */
      reference: nullableText,
      /** Why the last bank transfer did not go through. */
      failureMessage: nullableText,
      sentAt: nullableInstant,
      sentBy: nullableText,
    }),
    type: ['object', 'null'],
  } as const,
  createdAt: instant,
  closedAt: nullableInstant,
  gift: exactObject({ id: text, giftGiverName: text, giftGiverEmail: text, amount: amountSchema }),
  registry: exactObject({ id: text, childName: text, shortCode: text, status: oneOfValues(REGISTRY_STATUSES) }),
});
export type DisputeView = Wire<typeof disputeSchema>;

export const disputeOperations = [
  operation({
    method: 'GET',
    path: '/api/admin/disputes',
    operationId: 'listDisputes',
    session: 'required',
    summary: 'Every dispute of a gift’s charge (administrators)',
    responses: { 200: { description: 'Newest first', schema: arrayOf(disputeSchema) } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/disputes/{id}/evidence',
    operationId: 'submitDisputeEvidence',
    session: 'required',
    summary: 'Send text evidence for a dispute to the card issuer, through the payment provider (administrators)',
    body: evidenceSchema,
    responses: { 200: { description: 'The dispute now (under review, or decided)', schema: disputeSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/disputes/{id}/reverse-transfer',
    operationId: 'reverseDisputeTransfer',
    session: 'required',
    summary: 'Take the family’s part of a lost dispute’s gift back from their bank transfer (administrators)',
    responses: { 200: { description: 'The dispute, with the reversal', schema: disputeSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/disputes/{id}/follow-up-payout/send',
    operationId: 'sendFollowUpTransfer',
    session: 'required',
    summary: 'Send a won dispute’s bank follow-up payout again, by its own idempotency key: it is never sent twice (administrators)',
    responses: { 200: { description: 'The dispute, with the follow-up as the provider answered', schema: disputeSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/disputes/{id}/follow-up-payout/claim',
    operationId: 'claimFollowUpPayout',
    session: 'required',
    summary:
      'Claim a won dispute’s PayPal or check follow-up payout before sending it: you are shown as the one sending it (administrators)',
    responses: { 200: { description: 'The dispute, its follow-up claimed by you', schema: disputeSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/disputes/{id}/follow-up-payout/release',
    operationId: 'releaseFollowUpPayout',
    session: 'required',
    summary:
      "Release a PayPal or check follow-up payout's claim, unsent: by its holder, or by another administrator for a stale claim (administrators)",
    responses: { 200: { description: 'The dispute, its follow-up waiting again', schema: disputeSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/admin/disputes/{id}/follow-up-payout/complete',
    operationId: 'completeFollowUpPayout',
    session: 'required',
    summary:
      'Record that a won dispute’s PayPal or check follow-up payout was sent, with its transaction ID or check number: one nobody holds is claimed for you in the same step, one another administrator holds stays theirs (administrators)',
    body: followUpSentSchema,
    responses: { 200: { description: 'The dispute, its follow-up sent', schema: disputeSchema } },
  }),
];
