import { refundSchema } from '@core/gift/gift-schemas';
import type { RefundedGift } from '@api/gifts';
import { apiFetch } from './api-fetch';

/** POST /api/gifts/{id}/refund: the owner's gift list and the administrators' gift lookup both refund through it. */
export function refundGift(giftId: string, reason: string): Promise<RefundedGift> {
  const body = refundSchema.cast({ reason }, { stripUnknown: true });
  return apiFetch<RefundedGift>(`/api/gifts/${encodeURIComponent(giftId)}/refund`, { method: 'POST', body });
}

/** POST /api/gifts/{id}/refund-at-platform-cost: an administrator's refund once a payout was claimed or sent; the platform bears it. */
export function refundGiftAtPlatformCost(giftId: string, reason: string): Promise<RefundedGift> {
  const body = refundSchema.cast({ reason }, { stripUnknown: true });
  return apiFetch<RefundedGift>(`/api/gifts/${encodeURIComponent(giftId)}/refund-at-platform-cost`, { method: 'POST', body });
}
