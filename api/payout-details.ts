import { PAYOUT_METHODS, PAYOUT_STATUSES } from '@core/model/registry';
import { amountSchema, nullableAmountSchema } from './amount';
import { count, exactObject, nullableInstant, nullableOneOf, nullableText, oneOfValues, text, type Wire } from './json-schema';

/**
 * Where the family's payout goes (the PayPal address, the mailing address), as the owner's
 * registry view and the admin's manual payouts answer it. Nobody else ever sees it, co-owners
 * included: it is the owner's to set.
 */
export const payoutAddressProperties = {
  paypalEmail: nullableText,
  mailingName: nullableText,
  mailingAddress: nullableText,
  mailingCity: nullableText,
  mailingState: nullableText,
  mailingZip: nullableText,
  /** 'US' unless the owner chose 'CA'. */
  mailingCountry: text,
} as const;

/** How far the family's payout has got: the owner and co-owners see it. */
export const payoutProgressProperties = {
  payoutMethod: nullableOneOf(PAYOUT_METHODS),
  /** Set when the registry closes: the family's 90% and the charities' 10%. */
  closedAt: nullableInstant,
  payoutAmount: nullableAmountSchema,
  charityPayoutAmount: nullableAmountSchema,
  payoutStatus: oneOfValues(PAYOUT_STATUSES),
  payoutSentAt: nullableInstant,
} as const;

/** How and what a family is paid: the owner's and the administrators' view. */
export const payoutDetailsProperties = { ...payoutProgressProperties, ...payoutAddressProperties } as const;
export const payoutDetailsSchema = exactObject(payoutDetailsProperties);
export type PayoutDetailsView = Wire<typeof payoutDetailsSchema>;

/** What closing the registry pays: the sums of the succeeded gifts' own splits. */
export const closingAmountsSchema = exactObject({
  /** To the family: the succeeded gifts' child amounts. */
  payoutAmount: amountSchema,
  /** To the charities: the succeeded gifts' charity amounts. */
  charityPayoutAmount: amountSchema,
  /** Held back from both until the giver's bank decides: the gifts whose dispute is undecided. */
  held: exactObject({
    giftCount: count,
    /** The held gifts together: the family's part and the charities' part. */
    amount: amountSchema,
    payoutAmount: amountSchema,
    charityPayoutAmount: amountSchema,
  }),
});
export type ClosingAmountsView = Wire<typeof closingAmountsSchema>;
