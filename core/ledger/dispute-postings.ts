import type { Dispute } from '../model/dispute';
import type { Cents } from '../money';
import {
  charityPayableAccount,
  DISPUTE_FEES,
  DISPUTE_LOSSES,
  DISPUTED_FUNDS,
  familyPayableAccount,
  PAYOUTS_IN_TRANSIT,
  PROVIDER_CASH,
  registryDisputedAccount,
  registryGiftsAccount,
} from './chart-of-accounts';
import { balancedEntry, type LedgerEntry } from '../model/ledger-entry';

/**
 * The entries a dispute posts, as pure functions of our record of it (core/model/dispute.ts).
 * Where A is the gift's amount held out of an open registry (0 when its money had already gone),
 * W the amount the provider took back, f its dispute fee and X what came back after a win:
 *
 * - opened (held): registry gifts +A, registry disputed -A: the family and the charity are no
 *   longer owed it while the dispute lasts.
 * - funds withdrawn: provider cash -(W + f), disputed funds +(W + f).
 * - funds reinstated: provider cash +X, disputed funds -(W + f), dispute fees +(W + f - X) (the
 *   fee, when the provider keeps it).
 * - won (held): registry disputed +A, registry gifts -A: the gift counts again.
 * - won (held) after its registry closed: registry disputed +A, family payable -C, its charity
 *   payable -(A - C), where C is the gift's child amount: the parts closing held back are owed now,
 *   the family's in a follow-up payout, the charity's in its charity's next pending payout.
 * - follow-up claimed (PayPal or check, its n-th claim): family payable +C, payouts in transit -C;
 *   released: the reverse, as for a family's manual payout.
 * - follow-up cancelled (its gift refunded while it waited): the refund's entry gives the family's
 *   payable its C back (posting-rules.ts, a refund after closing), so the follow-up is owed nothing.
 * - follow-up sent: out of payouts in transit when it was claimed (PayPal, check), out of family
 *   payable when it was not (a bank transfer, or one sent before follow-ups were claimed), and
 *   provider cash -C (reference: the bank transfer's id).
 * - lost: disputed funds -(W + f), dispute fees +f, registry disputed +A, dispute losses +(W - A).
 *   The family's and the charity's parts of a held gift are never paid, so the platform loses
 *   only the rest; when the money had gone, it loses all of W.
 * - transfer reversed: provider cash +R, dispute losses -R: what came back from the family's
 *   bank transfer lessens the loss.
 * - lost, then held (a dispute lost while its gift was being refunded, whose refund then failed on
 *   an open registry): registry disputed +A, dispute losses -A. Its loss was booked whole, as the
 *   money had seemed gone; the family's and the charity's parts are now never paid, so the books
 *   come to what "lost" gives a held gift.
 */

type Disputed = Pick<Dispute, 'id' | 'paymentIntentId' | 'registryId' | 'currency' | 'heldAmount'>;
type Released = Disputed & Pick<Dispute, 'followUp'>;

/**
 * Each entry names the disputed payment, as the provider's dispute adjustments do (Stripe's source
 * is the dispute, which names its payment intent), so reconciliation matches them; a transfer
 * reversal names the reversal.
 */
function entry(
  dispute: Disputed,
  step: string,
  kind: LedgerEntry['kind'],
  postings: { account: string; amount: Cents }[],
  reference = dispute.paymentIntentId,
) {
  return balancedEntry({ key: `dispute:${dispute.id}:${step}`, kind, currency: dispute.currency, reference }, postings);
}

/** Null for a dispute whose money had already gone: nothing is held out of anyone. */
export function disputeOpenedEntry(dispute: Disputed): LedgerEntry | null {
  return entry(dispute, 'opened', 'dispute.opened', [
    { account: registryGiftsAccount(dispute.registryId), amount: dispute.heldAmount },
    { account: registryDisputedAccount(dispute.registryId), amount: -dispute.heldAmount },
  ]);
}

export function disputeFundsWithdrawnEntry(dispute: Disputed, withdrawn: { amount: Cents; fee: Cents }): LedgerEntry | null {
  const taken = withdrawn.amount + withdrawn.fee;
  return entry(dispute, 'funds-withdrawn', 'dispute.funds_withdrawn', [
    { account: PROVIDER_CASH, amount: -taken },
    { account: DISPUTED_FUNDS, amount: taken },
  ]);
}

export function disputeFundsReinstatedEntry(
  dispute: Disputed,
  withdrawn: { amount: Cents; fee: Cents },
  reinstated: Cents,
): LedgerEntry | null {
  const taken = withdrawn.amount + withdrawn.fee;
  return entry(dispute, 'funds-reinstated', 'dispute.funds_reinstated', [
    { account: PROVIDER_CASH, amount: reinstated },
    { account: DISPUTED_FUNDS, amount: -taken },
    { account: DISPUTE_FEES, amount: taken - reinstated },
  ]);
}

/** Null for a dispute whose money had already gone: the gift never stopped counting. */
export function disputeWonEntry(dispute: Disputed): LedgerEntry | null {
  return entry(dispute, 'won', 'dispute.won', [
    { account: registryDisputedAccount(dispute.registryId), amount: dispute.heldAmount },
    { account: registryGiftsAccount(dispute.registryId), amount: -dispute.heldAmount },
  ]);
}

/** The held gift's parts once its dispute was won after closing, but the charity's (which its charity payout's row tells). */
function releasedPostings(dispute: Released): { account: string; amount: Cents }[] {
  return [
    { account: registryDisputedAccount(dispute.registryId), amount: dispute.heldAmount },
    { account: familyPayableAccount(dispute.registryId), amount: -(dispute.followUp?.amount ?? 0) },
  ];
}

/** Won after closing: what closing held back is owed to the family (a follow-up payout) and to the gift's charity. */
export function disputeReleasedEntry(dispute: Released, charityId: string): LedgerEntry | null {
  return entry(dispute, 'released', 'dispute.released', [
    ...releasedPostings(dispute),
    { account: charityPayableAccount(charityId), amount: -(dispute.heldAmount - (dispute.followUp?.amount ?? 0)) },
  ]);
}

/** A PayPal or check follow-up claimed (its claimNumber-th claim): what the family is owed for it is now in transit. */
export function followUpClaimedEntry(dispute: Released, claimNumber: number): LedgerEntry | null {
  const amount = dispute.followUp?.amount ?? 0;
  return balancedEntry(
    {
      key: `dispute:${dispute.id}:follow-up-claimed:${claimNumber}`,
      kind: 'family_payout.claimed',
      currency: dispute.currency,
      reference: null,
    },
    [
      { account: familyPayableAccount(dispute.registryId), amount },
      { account: PAYOUTS_IN_TRANSIT, amount: -amount },
    ],
  );
}

/** The claimNumber-th claim released, unsent: owed to the family again. */
export function followUpReleasedEntry(dispute: Released, claimNumber: number): LedgerEntry | null {
  const amount = dispute.followUp?.amount ?? 0;
  return balancedEntry(
    {
      key: `dispute:${dispute.id}:follow-up-released:${claimNumber}`,
      kind: 'family_payout.released',
      currency: dispute.currency,
      reference: null,
    },
    [
      { account: PAYOUTS_IN_TRANSIT, amount },
      { account: familyPayableAccount(dispute.registryId), amount: -amount },
    ],
  );
}

/** The family's follow-up payout left: by bank transfer (reference: its id), or by PayPal or check once claimed. */
export function followUpSentEntry(dispute: Released): LedgerEntry | null {
  const amount = dispute.followUp?.amount ?? 0;
  const reference = dispute.followUp?.method === 'bank' ? dispute.followUp.reference : null;
  const from = (dispute.followUp?.claims ?? 0) > 0 ? PAYOUTS_IN_TRANSIT : familyPayableAccount(dispute.registryId);
  return balancedEntry(
    { key: `dispute:${dispute.id}:follow-up-sent`, kind: 'dispute.follow_up_sent', currency: dispute.currency, reference },
    [
      { account: from, amount },
      { account: PROVIDER_CASH, amount: -amount },
    ],
  );
}

export function disputeLostEntry(dispute: Disputed, withdrawn: { amount: Cents; fee: Cents }): LedgerEntry | null {
  return entry(dispute, 'lost', 'dispute.lost', [
    { account: DISPUTED_FUNDS, amount: -(withdrawn.amount + withdrawn.fee) },
    { account: DISPUTE_FEES, amount: withdrawn.fee },
    { account: registryDisputedAccount(dispute.registryId), amount: dispute.heldAmount },
    { account: DISPUTE_LOSSES, amount: withdrawn.amount - dispute.heldAmount },
  ]);
}

export function disputeLossHeldEntry(dispute: Disputed): LedgerEntry | null {
  return entry(dispute, 'loss-held', 'dispute.loss_held', [
    { account: registryDisputedAccount(dispute.registryId), amount: dispute.heldAmount },
    { account: DISPUTE_LOSSES, amount: -dispute.heldAmount },
  ]);
}

export function disputeTransferReversedEntry(dispute: Disputed, reversalId: string, amount: Cents): LedgerEntry | null {
  return entry(
    dispute,
    'transfer-reversed',
    'dispute.transfer_reversed',
    [
      { account: PROVIDER_CASH, amount },
      { account: DISPUTE_LOSSES, amount: -amount },
    ],
    reversalId,
  );
}

/**
 * What a dispute's record says every account holds because of it: the entries above, summed (for
 * `ledger verify`), except the registry's gifts account, which its totalReceived already tells
 * (a held gift leaves it while disputed and comes back when won).
 */
export function disputeBalances(dispute: Dispute): { account: string; amount: Cents }[] {
  const postings: { account: string; amount: Cents }[] = [];
  const add = (made: LedgerEntry | null) => postings.push(...(made?.postings ?? []));
  add(disputeOpenedEntry(dispute));
  const withdrawn = dispute.withdrawnAmount === null ? null : { amount: dispute.withdrawnAmount, fee: dispute.withdrawnFee ?? 0 };
  if (withdrawn) add(disputeFundsWithdrawnEntry(dispute, withdrawn));
  if (withdrawn && dispute.reinstatedAmount !== null) add(disputeFundsReinstatedEntry(dispute, withdrawn, dispute.reinstatedAmount));
  if (dispute.followUp) {
    // Won after closing: its charity's share is in that charity's payout row, which the tables read.
    postings.push(...releasedPostings(dispute));
    // Cancelled by its gift's refund, which took the amount back out of what the family is owed.
    if (dispute.followUp.status === 'cancelled')
      postings.push({ account: familyPayableAccount(dispute.registryId), amount: dispute.followUp.amount });
    // Every claim but one being held was released (each pair moves nothing); sent, it left from where its claim put it.
    const held = dispute.followUp.status === 'sending' || (dispute.followUp.status === 'completed' && dispute.followUp.claims > 0);
    if (held) add(followUpClaimedEntry(dispute, dispute.followUp.claims));
    if (dispute.followUp.status === 'completed') add(followUpSentEntry(dispute));
  } else if (dispute.status === 'won' || dispute.status === 'warning_closed') add(disputeWonEntry(dispute));
  if (dispute.status === 'lost') add(disputeLostEntry(dispute, withdrawn ?? { amount: 0, fee: 0 }));
  if (dispute.transferReversalId && dispute.reversedAmount)
    add(disputeTransferReversedEntry(dispute, dispute.transferReversalId, dispute.reversedAmount));
  return postings.filter((posting) => posting.account !== registryGiftsAccount(dispute.registryId));
}
