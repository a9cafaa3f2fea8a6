import type { Gift } from '@core/model/gift';
import type { GiftRow } from '../entities/gift-entity';

/** A gift as core knows it, from its row. */
export function toGift({
  refundStartedAt: _startedAt,
  guestId: _guestId,
  giverKey: _giver,
  emailKey: _email,
  messageKey: _message,
  ...row
}: GiftRow): Gift {
  return {
    ...row,
    providerFee: row.providerFee ?? null,
    personalMessage: row.personalMessage ?? null,
    paymentIntentId: row.paymentIntentId ?? null,
    // The column's default, for a row just created.
    refundedAtPlatformCost: row.refundedAtPlatformCost ?? false,
    shareEmailWithCharity: row.shareEmailWithCharity ?? false,
  };
}
