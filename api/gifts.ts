import { LISTED_PAYMENT_STATUSES, PAYMENT_STATUSES } from '@core/model/gift';
import { giftSchema, refundSchema, type GiftInput } from '@core/gift/gift-schemas';
import { GIFT_LIST_SORTS, SORT_ORDERS } from '@core/model/gift-list-query';
import { REFUND_WINDOWS } from '@core/gift/refund-window';
import { CURRENCIES } from '@core/money';
import { CELEBRATION_TYPES } from '@core/model/celebration-title';
import { THANK_YOU_STATUSES } from '@core/model/thank-you-status';
import { OFFLINE_GIFT_METHODS } from '@core/model/offline-gift';
import { amountSchema, type WireAmount } from './amount';
import { arrayOf, count, exactObject, flag, instant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { calendarDay } from './offline-gifts';
import { operation } from './operation';
import { inWireUnits } from './request-schema';
import { registryGiftSchema } from './registries';

/** What the giver pays and where it goes, as the server computed it for the payment it opened. */
export const breakdownSchema = exactObject({
  baseAmount: amountSchema,
  childAmount: amountSchema,
  charityAmount: amountSchema,
  platformFee: amountSchema,
  stripeFee: amountSchema,
  totalAmount: amountSchema,
});
export type WireBreakdown = Wire<typeof breakdownSchema>;

export const paymentIntentSchema = exactObject({ clientSecret: text, paymentIntentId: text, breakdown: breakdownSchema });
export type PaymentIntentAnswer = Wire<typeof paymentIntentSchema>;

export const paymentStatusSchema = exactObject({ status: oneOfValues(PAYMENT_STATUSES) });
export type PaymentStatusAnswer = Wire<typeof paymentStatusSchema>;

export const webhookReceivedSchema = exactObject({ received: { const: true } });

/** What a list needs to offer a gift's refund: its state, whether it may be refunded now, and what the giver gets back. */
export const refundProperties = {
  paymentStatus: oneOfValues(LISTED_PAYMENT_STATUSES),
  /** The server's word (the registry is open and the gift paid); the screen only shows it. */
  refundable: flag,
  /** All the giver paid: the gift and both fees. */
  refundAmount: amountSchema,
};

/** A gift just refunded: the giver gets refundedAmount back. */
export const refundedGiftSchema = exactObject({ id: text, paymentStatus: oneOfValues(PAYMENT_STATUSES), refundedAmount: amountSchema });
export type RefundedGift = Wire<typeof refundedGiftSchema>;

/** How a gift came: online through us, or by hand as the family recorded it. */
export const GIVEN_BY = ['online', ...OFFLINE_GIFT_METHODS] as const;
export const givenBySchema = oneOfValues(GIVEN_BY);

/** What the family recorded of a gift given by hand, for editing it. */
export const byHandDetailsSchema = exactObject({
  method: oneOfValues(OFFLINE_GIFT_METHODS),
  receivedOn: calendarDay,
  note: nullableText,
});

/**
 * One gift of the owner's full list: who gave, how to reach them, what they gave and wrote.
 * A gift given by hand has no charity, may have no e-mail, and carries what the family recorded.
 */
export const giftListItemSchema = exactObject({
  id: text,
  giftGiverName: text,
  giftGiverEmail: nullableText,
  /** The gift's own currency: the registry's, but for a gift refunded before the registry's changed. */
  currency: oneOfValues(CURRENCIES),
  amount: amountSchema,
  charityId: nullableText,
  charityName: nullableText,
  personalMessage: nullableText,
  /** When it was given: the payment's time, or noon UTC of the day a gift by hand was given. */
  createdAt: instant,
  givenBy: givenBySchema,
  byHand: { anyOf: [byHandDetailsSchema, { type: 'null' }] },
  /** The thank-you cards page's Sent, Draft, No Card or Not Delivered (sent, and the giver's mailbox did not take it). */
  thankYouStatus: oneOfValues(THANK_YOU_STATUSES),
  /** Whether it counts in the totals above the list (Total Received, or given by hand): a gift refunded at the platform's cost still does. */
  countsInTotals: flag,
  ...refundProperties,
});
export type GiftListItemView = Wire<typeof giftListItemSchema>;

/**
 * What the family received, each figure named for what it counts (core/model/owner-totals.ts):
 * online (the registry's totalReceived: paid gifts as given, before the 90/10 split), by hand, both
 * together, refunded (given back, counted in none of the others; those given back before the
 * currency changed apart, in theirs), refunded at the platform's cost (given back by the platform
 * after a payout was claimed: still counted online, the family and the charity keep their parts) and disputed (the giver's bank disputed it while the registry
 * was open: counted in none of the others either). No payout reads it.
 */
export const ownerTotalsSchema = exactObject({
  online: amountSchema,
  byHand: amountSchema,
  total: amountSchema,
  refunded: amountSchema,
  onlineCount: count,
  byHandCount: count,
  refundedCount: count,
  refundedAtPlatformCost: amountSchema,
  refundedAtPlatformCostCount: count,
  disputed: amountSchema,
  disputedCount: count,
  /** Gifts given back before the registry changed its currency, per currency they were paid in. */
  refundedBefore: arrayOf(exactObject({ currency: oneOfValues(CURRENCIES), amount: amountSchema, count })),
});
export type OwnerTotalsView = Wire<typeof ownerTotalsSchema>;

/** One page of a registry's received gifts (paid, refunded and by hand), with the query as the server understood it. */
export const giftListSchema = exactObject({
  registryId: text,
  childName: text,
  celebrationType: oneOfValues(CELEBRATION_TYPES),
  currency: oneOfValues(CURRENCIES),
  q: text,
  sort: oneOfValues(GIFT_LIST_SORTS),
  order: oneOfValues(SORT_ORDERS),
  page: { type: 'integer', minimum: 1 },
  pageCount: count,
  /** Gifts matching the search; every gift without one. */
  matching: count,
  /** Every gift the registry received: paid ones (refunded included) and those given by hand. */
  giftCount: count,
  totals: ownerTotalsSchema,
  /**
   * Whether the family can still refund paid gifts, and if not why (core/gift/refund-window.ts):
   * open; until_payout_claimed (closed, both payouts still wait); family_payout_being_sent or
   * family_payout_sent (refunds have stopped); charity_payout_claimed (a charity's payout was
   * claimed or sent, so its gifts can no longer be refunded).
   */
  refunds: oneOfValues(REFUND_WINDOWS),
  gifts: arrayOf(giftListItemSchema),
});
export type GiftListView = Wire<typeof giftListSchema>;

/** POST /api/create-payment-intent's body: core's gift, its amount as the wire carries it (read into cents by readWireAmount). */
export type GiftRequest = Omit<GiftInput, 'amount'> & { amount: WireAmount };

export const giftOperations = [
  operation({
    method: 'POST',
    path: '/api/create-payment-intent',
    operationId: 'createPaymentIntent',
    session: 'none',
    summary: 'Start a gift: opens a payment for the amount plus the fees',
    body: inWireUnits(giftSchema, ['amount']),
    responses: { 201: { description: 'The payment to confirm and what it pays', schema: paymentIntentSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/payments/reconcile',
    operationId: 'reconcilePayment',
    session: 'none',
    summary: "Ask the provider for a payment's outcome and record it",
    body: exactObject({ paymentIntentId: text }),
    responses: { 200: { description: "The gift's payment status", schema: paymentStatusSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/gifts',
    operationId: 'listRegistryGifts',
    session: 'required',
    summary: "A registry's gifts (owner or co-owner)",
    responses: { 200: { description: 'Newest first', schema: arrayOf(registryGiftSchema) } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/gift-list',
    operationId: 'getGiftList',
    session: 'required',
    summary: "One page of a registry's paid, refunded and by-hand gifts, searched and sorted (owner or co-owner)",
    query: {
      q: { description: "Words to find in the giver's name, e-mail or message (up to 200 characters)" },
      sort: { description: 'date, amount or giver (date unless told)' },
      order: { description: 'asc or desc (newest, largest or A to Z first unless told)' },
      page: { description: 'From 1; 50 gifts a page' },
    },
    responses: { 200: { description: 'The page and the counts to offer the rest', schema: giftListSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/gifts/{id}/refund',
    operationId: 'refundGift',
    session: 'required',
    summary:
      "Refund a paid gift to its giver, fees included, while the registry is open, or after closing while the family's and its charity's payouts both wait unclaimed (the owner or a co-owner, or an administrator)",
    body: refundSchema,
    responses: { 200: { description: 'Refunded, and the giver e-mailed', schema: refundedGiftSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/gifts/{id}/refund-at-platform-cost',
    operationId: 'refundGiftAtPlatformCost',
    session: 'required',
    summary:
      "Refund a paid gift whose family or charity payout was already claimed or sent, at the platform's cost: the family and the charity keep their parts (administrators; the reason is required)",
    body: refundSchema,
    responses: { 200: { description: 'Refunded, the giver and the family e-mailed', schema: refundedGiftSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/webhooks/stripe',
    operationId: 'receiveStripeEvent',
    session: 'none',
    summary: "Stripe's payment events, signed (Stripe only)",
    provider: 'stripe',
    responses: { 200: { description: 'Received (also for events that are ignored)', schema: webhookReceivedSchema } },
  }),
];
