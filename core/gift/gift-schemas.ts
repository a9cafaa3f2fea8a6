import * as yup from 'yup';
import { centsField } from '../amount-field';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS } from './gift-amounts';

/** POST /api/create-payment-intent once its amount is read into cents, with the messages of docs/product.md#validation-rules. */
export const giftSchema = yup.object({
  registryId: yup.string().trim().required('Registry is required'),
  charityId: yup.string().trim().required('Please select a charity'),
  // The family's gift e-mail and its thank-you card quote the name.
  giftGiverName: refuseUnsafeNameCharacters(yup.string().trim().max(100, 'Name must be at most 100 characters'), 'Name').required(
    'Name is required',
  ),
  giftGiverEmail: yup
    .string()
    .trim()
    .max(255, 'Valid email is required')
    .email('Valid email is required')
    .required('Valid email is required'),
  amount: centsField({ min: MIN_GIFT_CENTS, max: MAX_GIFT_CENTS }),
  personalMessage: yup.string().trim().max(1000, 'Message must be at most 1000 characters').default(''),
  shareEmailWithCharity: yup.boolean().default(false),
  /** The token of the guest's personal link the giver came by (/i/{token}), so the gift is matched to that guest; start-gift.ts reads it. */
  guestLink: yup.string().nullable().optional(),
});
export type GiftInput = yup.InferType<typeof giftSchema>;

export const MAX_REFUND_REASON_LENGTH = 500;

/** Why a gift is given back: kept in the audit trail, never sent to the giver. */
export const refundSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .max(MAX_REFUND_REASON_LENGTH, `Reason must be at most ${MAX_REFUND_REASON_LENGTH} characters`)
    .required('Please say why this gift is refunded'),
});
export type RefundInput = yup.InferType<typeof refundSchema>;
