import type { Cents, Currency } from '../money';
import type { PayoutClaim } from './payout-claim';
import type { PayoutMethod } from './registry';

/**
 * Stripe's dispute statuses, which the sandbox also uses. `warning_*` are inquiries (the card
 * issuer asks, no money moves yet); `needs_response` and `under_review` are chargebacks under way;
 * `won`, `lost` and `warning_closed` are final.
 */
export const PROVIDER_DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type ProviderDisputeStatus = (typeof PROVIDER_DISPUTE_STATUSES)[number];

/** An inquiry closed without a chargeback ends as a win does: the gift counts and no money was taken. */
export const FINAL_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed'] as const satisfies readonly ProviderDisputeStatus[];

/** The final statuses in which the gift's money stays: a win, and an inquiry closed without a chargeback. */
export const WON_DISPUTE_STATUSES: readonly ProviderDisputeStatus[] = ['won', 'warning_closed'];

export function isFinalDisputeStatus(status: ProviderDisputeStatus): boolean {
  return (FINAL_DISPUTE_STATUSES as readonly ProviderDisputeStatus[]).includes(status);
}

/** Evidence can be sent only while the provider waits for it. */
export function awaitsEvidence(status: ProviderDisputeStatus): boolean {
  return status === 'needs_response' || status === 'warning_needs_response';
}

/**
 * A dispute as the provider reports it, whole, with every event (Stripe sends the dispute object
 * with each charge.dispute.* event). Recording a report is a step towards the state it describes,
 * never back, so a repeated or late report changes nothing.
 */
export interface DisputeReport {
  /** The provider's id for the dispute (Stripe: du_…). */
  disputeId: string;
  paymentIntentId: string;
  /** The disputed amount: the charge, all the giver paid. */
  amount: Cents;
  currency: Currency;
  /** The card issuer's reason code (fraudulent, product_not_received, …). */
  reason: string;
  status: ProviderDisputeStatus;
  evidenceDueBy: Date | null;
  /** The money taken from the platform's balance: the amount, and the provider's dispute fee on top. Null while none was taken (an inquiry). */
  withdrawn: { amount: Cents; fee: Cents } | null;
  /** What came back into the balance after a win (the amount, and the fee when the provider returns it). Null while nothing came back. */
  reinstated: { amount: Cents } | null;
}

/**
 * Where the disputed gift's money was when the dispute opened:
 * - held: its registry was still open, so its parts were taken out of what the family and the
 *   charity would be paid until the dispute ends (won: it counts again; lost: it never does);
 * - paid: the registry had closed (its parts were promised or sent) or the gift was being given
 *   back, so nothing is taken from anyone and a lost dispute is the platform's loss.
 */
export const DISPUTE_PHASES = ['held', 'paid'] as const;
export type DisputePhase = (typeof DISPUTE_PHASES)[number];

/**
 * A held gift whose registry closed before its dispute was decided, then won: the family's part is
 * paid on its own, after the registry's payout (the charity's part joins its charity's next
 * pending payout). Pending until sent: a bank transfer the server sends at once, or a PayPal
 * payment or check an administrator claims (sending), sends and marks sent on the Disputes page,
 * as a manual family payout (docs/adr/0017-payouts-claimed-before-they-are-sent.md). Cancelled
 * when the gift is refunded while it waits: the refund takes the family's part out of it.
 */
export const FOLLOW_UP_STATUSES = ['pending', 'sending', 'completed', 'cancelled'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export interface FollowUpPayout {
  method: PayoutMethod;
  amount: Cents;
  status: FollowUpStatus;
  /** Who holds a PayPal or check follow-up while sending it; stays once it is sent (it says who sent it), null while nobody holds it. */
  claim: PayoutClaim | null;
  /** How many times it was claimed: each claim and its release post ledger entries under its number. */
  claims: number;
  /**
   * The charity payout the gift's charity part joined when the dispute was won (a refund takes it
   * out of that one while it is pending); null for follow-ups recorded before this was kept.
   */
  charityPayoutId: string | null;
  /** The bank transfer's id, or the PayPal transaction id or check number the administrator recorded. */
  reference: string | null;
  /** Why the last bank transfer did not go through; null once it has, or while none was tried. */
  failureMessage: string | null;
  sentAt: Date | null;
  /** Who sent it (an audit label such as admin:rachel, or system:bank-transfer). */
  sentBy: string | null;
}

/** Our record of one dispute: the provider's latest word on it and what our books did about it. */
export interface Dispute {
  id: string;
  providerDisputeId: string;
  giftId: string;
  registryId: string;
  paymentIntentId: string;
  currency: Currency;
  amount: Cents;
  reason: string;
  status: ProviderDisputeStatus;
  evidenceDueBy: Date | null;
  phase: DisputePhase;
  /** The gift's amount held out of the registry while the dispute is open (phase held); 0 for phase paid. */
  heldAmount: Cents;
  /** Null until the provider took the money. */
  withdrawnAmount: Cents | null;
  withdrawnFee: Cents | null;
  /** Null until money came back after a win. */
  reinstatedAmount: Cents | null;
  /** When the administrators' text evidence was sent, and the text. */
  evidenceSubmittedAt: Date | null;
  evidenceText: string | null;
  /** The reversal of the family's bank transfer an administrator chose after a lost dispute, and how much came back. */
  transferReversalId: string | null;
  reversedAmount: Cents | null;
  /** The family's part paid after a win on a registry that closed while the gift was held; null otherwise. */
  followUp: FollowUpPayout | null;
  createdAt: Date;
  closedAt: Date | null;
}

export type NewDispute = Omit<Dispute, 'id' | 'createdAt'> & { createdAt: Date };

export type DisputeChanges = Partial<
  Pick<
    Dispute,
    | 'status'
    | 'evidenceDueBy'
    | 'reason'
    | 'phase'
    | 'heldAmount'
    | 'withdrawnAmount'
    | 'withdrawnFee'
    | 'reinstatedAmount'
    | 'evidenceSubmittedAt'
    | 'evidenceText'
    | 'transferReversalId'
    | 'reversedAmount'
    | 'followUp'
    | 'closedAt'
  >
>;

/** How a dispute ended for the family's and the administrators' eyes; null while it is undecided. */
export function disputeOutcome(dispute: Pick<Dispute, 'status'>): 'won' | 'lost' | null {
  if (dispute.status === 'lost') return 'lost';
  if (dispute.status === 'won' || dispute.status === 'warning_closed') return 'won';
  return null;
}
