import type { PayoutMethod, PayoutStatus } from '../registry/registry';

/**
 * How and what a family is paid, as the owner's registry view and the admin's manual payouts
 * answer it (amounts as numbers, dates as ISO strings). Nobody else ever sees it.
 */
export interface PayoutDetailsView {
  payoutMethod: PayoutMethod | null;
  paypalEmail: string | null;
  mailingName: string | null;
  mailingAddress: string | null;
  mailingCity: string | null;
  mailingState: string | null;
  mailingZip: string | null;
  /** 'US' unless the owner chose 'CA'. */
  mailingCountry: string;
  /** Set when the registry closes: the family's 90% and the charities' 10%. */
  closedAt: string | null;
  payoutAmount: number | null;
  charityPayoutAmount: number | null;
  payoutStatus: PayoutStatus;
  payoutSentAt: string | null;
}
