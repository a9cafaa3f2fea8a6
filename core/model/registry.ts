import type { Cents, Currency } from '../money';
import type { CelebrationType } from './celebration-title';
import type { HebrewCalendarChoice } from './hebrew-calendar';

export const REGISTRY_STATUSES = ['open', 'closed', 'payout_sent'] as const;
export type RegistryStatus = (typeof REGISTRY_STATUSES)[number];

/**
 * Who a signed-in user is to a registry. The owner created it; a co-owner accepted the owner's
 * invitation. Both manage it (requireManager in registry-access.ts); what moves money or access
 * stays the owner's (requireOwner): closing, payout details, deleting, and choosing co-owners.
 */
export const REGISTRY_ROLES = ['owner', 'coOwner'] as const;
export type RegistryRole = (typeof REGISTRY_ROLES)[number];

export const PAYOUT_METHODS = ['bank', 'paypal', 'check'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** The payouts an administrator sends by hand (Manual Payouts); a bank payout the provider sends. */
export const MANUAL_PAYOUT_METHODS = ['paypal', 'check'] as const satisfies readonly PayoutMethod[];
export type ManualPayoutMethod = (typeof MANUAL_PAYOUT_METHODS)[number];

export function isManualPayoutMethod(method: PayoutMethod | null): method is ManualPayoutMethod {
  return (MANUAL_PAYOUT_METHODS as readonly (PayoutMethod | null)[]).includes(method);
}

/**
 * A family payout waits (pending), is claimed by whoever sends it (sending: an administrator for
 * PayPal and checks, the transfer itself for a bank payout), then is sent (completed). Only a
 * pending payout may still change: a refund after closing shrinks it (docs/adr/0017-payouts-claimed-before-they-are-sent.md).
 */
export const PAYOUT_STATUSES = ['pending', 'sending', 'completed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export interface Registry {
  id: string;
  /** The owner: who created it, and alone may close it, set its payout, delete it and choose its co-owners. */
  userId: string;
  /** Co-owners (both parents, say): they manage the registry with the owner, except for the owner's calls above. */
  coOwnerIds: readonly string[];
  shortCode: string;
  childName: string;
  /** Bar, Bat or B'nai Mitzvah, or 'unspecified' when the family prefers not to say. */
  celebrationType: CelebrationType;
  celebrationDate: Date;
  /** Whose Torah-reading schedule names the Shabbat's parashah: the diaspora's unless the family chose Israel's. */
  hebrewCalendar: HebrewCalendarChoice;
  personalMessage: string | null;
  photoUrl: string | null;
  /** The photo's focal point (photo-focus.ts): whole percent across and down; 50/50 is the centre. */
  photoFocusX: number;
  photoFocusY: number;
  preferredCharityId: string | null;
  allowCharityChoice: boolean;
  /** Reachable by its link only: never in search or among the recent registries. */
  unlisted: boolean;
  isActive: boolean;
  currency: Currency;
  status: RegistryStatus;
  totalReceived: Cents;
  payoutMethod: PayoutMethod | null;
  // Bank details are collected by the payment provider's onboarding; these stay empty (docs/architecture.md#payments).
  bankAccountHolder: string | null;
  bankAccountNumber: string | null;
  bankRoutingNumber: string | null;
  bankName: string | null;
  paypalEmail: string | null;
  mailingName: string | null;
  mailingAddress: string | null;
  mailingCity: string | null;
  mailingState: string | null;
  mailingZip: string | null;
  mailingCountry: string;
  closedAt: Date | null;
  payoutAmount: Cents | null;
  charityPayoutAmount: Cents | null;
  stripePayoutId: string | null;
  payoutStatus: PayoutStatus;
  payoutSentAt: Date | null;
  /** Who holds the payout while it is sent (an audit label such as admin:rachel); null unless sending. */
  payoutClaimedBy: string | null;
  payoutClaimedByUserId: string | null;
  payoutClaimedAt: Date | null;
  /** How many times the payout was claimed: each claim's ledger entry is keyed by its number. */
  payoutClaims: number;
  /** Why the last bank transfer did not go through; both null once it has, or while none was tried. */
  transferFailureReason: string | null;
  transferFailureMessage: string | null;
  /** Bank transfers refused or unanswered so far; each new try uses a new idempotency key. */
  transferAttempts: number;
  /**
   * When the family was last e-mailed of a payout issue; null when the next failed try is news
   * (none was e-mailed yet, or the family reopened their bank account's details since).
   */
  payoutIssueEmailedAt: Date | null;
  /** What the administrator who sent a PayPal or check payout recorded of it: the PayPal transaction id, or the check's number; null until then. */
  payoutReference: string | null;
  createdAt: Date;
  updatedAt: Date;
}
