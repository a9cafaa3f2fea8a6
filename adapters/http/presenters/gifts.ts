import { toWireAmount } from '@api/amount';
import type { PaymentIntentAnswer, PaymentStatusAnswer, RefundedGift } from '@api/gifts';
import type { RegistryGiftView } from '@api/registries';
import type { Gift, PaymentStatus } from '@core/model/gift';
import type { StartedGift } from '@core/gift/start-gift';
import { totalCharged } from '@core/gift/record-payment';

/** A gift as its registry's owner sees it; nobody else ever does. */
export function presentGift(gift: Gift) {
  return {
    id: gift.id,
    giftGiverName: gift.giftGiverName,
    giftGiverEmail: gift.giftGiverEmail,
    currency: gift.currency,
    amount: toWireAmount(gift.amount),
    childAmount: toWireAmount(gift.childAmount),
    charityAmount: toWireAmount(gift.charityAmount),
    charityId: gift.charityId,
    personalMessage: gift.personalMessage,
    paymentStatus: gift.paymentStatus,
    createdAt: gift.createdAt.toISOString(),
  } satisfies RegistryGiftView;
}

/** The payment a started gift opened, and what it pays. */
export function presentPaymentIntent(started: StartedGift) {
  const { breakdown } = started;
  return {
    clientSecret: started.clientSecret,
    paymentIntentId: started.paymentIntentId,
    breakdown: {
      baseAmount: toWireAmount(breakdown.baseAmount),
      childAmount: toWireAmount(breakdown.childAmount),
      charityAmount: toWireAmount(breakdown.charityAmount),
      platformFee: toWireAmount(breakdown.platformFee),
      stripeFee: toWireAmount(breakdown.cardFee),
      totalAmount: toWireAmount(breakdown.totalAmount),
    },
  } satisfies PaymentIntentAnswer;
}

export function presentPaymentStatus(status: PaymentStatus) {
  return { status } satisfies PaymentStatusAnswer;
}

/** Stripe delivers an event until it reads this. */
export function presentWebhookReceived() {
  return { received: true as const };
}

/** What a list shows to offer a gift's refund (see refundProperties in api/gifts.ts). */
export function presentRefundState(gift: Gift, refundable: boolean) {
  return {
    paymentStatus:
      gift.paymentStatus === 'refunded' || gift.paymentStatus === 'refunding' || gift.paymentStatus === 'disputed'
        ? gift.paymentStatus
        : 'succeeded',
    refundable,
    refundAmount: toWireAmount(totalCharged(gift)),
  } as const;
}

/** POST /api/gifts/{id}/refund: the gift as it stands, and what its giver gets back. */
export function presentRefundedGift(gift: Gift) {
  return { id: gift.id, paymentStatus: gift.paymentStatus, refundedAmount: toWireAmount(totalCharged(gift)) } satisfies RefundedGift;
}
