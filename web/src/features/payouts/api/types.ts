import type { PayoutMethod, PayoutStatus } from '../../../../../core/registry/registry';

/** What the payout calls answer (scratch/payout-api.md), as JSON: amounts are numbers, dates ISO strings. */

export type { PayoutMethod, PayoutStatus };

export type BankCountry = 'US' | 'CA';

/** A bank transfer's outcome: absent for PayPal, check and a $0 registry. */
export type TransferResult = { success: true } | { success: false; reason: string; message: string };

/** GET /api/connect/account-status (and what create-account answers). */
export interface ConnectAccountStatus {
  /** Null while the user has no payment account yet. */
  accountId: string | null;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  country: BankCountry | null;
}

/** GET /api/registries/{id}/payout-status. */
export interface PayoutStatusView {
  payoutMethod: PayoutMethod | null;
  payoutAmount: number | null;
  charityPayoutAmount: number | null;
  payoutStatus: PayoutStatus;
  closedAt: string | null;
  payoutSentAt: string | null;
  transferResult: TransferResult | null;
}

/** One row of GET /api/registries/{id}/charity-breakdown: the charity's 10% share of succeeded gifts. */
export interface CharityBreakdownRow {
  charityId: string;
  charityName: string;
  giftCount: number;
  totalAmount: number;
}

export interface CharityBreakdown {
  charities: CharityBreakdownRow[];
}

/** PUT /api/registries/{id}/payout-info. */
export interface PayoutInfoBody {
  payoutMethod: PayoutMethod;
  paypalEmail?: string;
  mailingName?: string;
  mailingAddress?: string;
  mailingCity?: string;
  mailingState?: string;
  mailingZip?: string;
  mailingCountry?: BankCountry;
}
