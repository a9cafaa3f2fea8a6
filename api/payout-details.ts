import { PAYOUT_METHODS, PAYOUT_STATUSES } from '@core/registry/registry';
import { amountSchema, nullableAmountSchema } from './amount';
import { exactObject, nullableInstant, nullableOneOf, nullableText, oneOfValues, text, type Wire } from './json-schema';

/**
 * How and what a family is paid, as the owner's registry view and the admin's manual payouts
 * answer it. Nobody else ever sees it.
 */
export const payoutDetailsProperties = {
  payoutMethod: nullableOneOf(PAYOUT_METHODS),
  paypalEmail: nullableText,
  mailingName: nullableText,
  mailingAddress: nullableText,
  mailingCity: nullableText,
  mailingState: nullableText,
  mailingZip: nullableText,
  /** 'US' unless the owner chose 'CA'. */
  mailingCountry: text,
  /** Set when the registry closes: the family's 90% and the charities' 10%. */
  closedAt: nullableInstant,
  payoutAmount: nullableAmountSchema,
  charityPayoutAmount: nullableAmountSchema,
  payoutStatus: oneOfValues(PAYOUT_STATUSES),
  payoutSentAt: nullableInstant,
} as const;
export const payoutDetailsSchema = exactObject(payoutDetailsProperties);
export type PayoutDetailsView = Wire<typeof payoutDetailsSchema>;

/** What closing the registry pays: the sums of the succeeded gifts' own splits. */
export const closingAmountsSchema = exactObject({
  /** To the family: the succeeded gifts' child amounts. */
  payoutAmount: amountSchema,
  /** To the charities: the succeeded gifts' charity amounts. */
  charityPayoutAmount: amountSchema,
});
export type ClosingAmountsView = Wire<typeof closingAmountsSchema>;
