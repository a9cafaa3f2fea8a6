import type { User } from '../model/user';
import type { FollowUpPayout } from '../model/dispute';
import type { Cents } from '../money';
import type { Repositories } from '../ports/repositories';
import { requireManager, requireOwner } from '../access/registry-access';
import type { Registry } from '../model/registry';
import { transferRetryAvailableAt } from './bank-transfer';
import type { TransferOutcome } from './transfer-outcome';
import { closingAmountsOf } from '../model/closing-amounts';
import { registryNotFound } from '../access/registry-not-found';

/** The last bank transfer's outcome as the owner sees it; null when none applies or none was tried. */
function transferOutcomeOf(registry: Registry): TransferOutcome | null {
  if (registry.payoutMethod !== 'bank' || registry.status === 'open') return null;
  if (registry.payoutStatus === 'completed') return { success: true };
  if (registry.transferFailureReason) {
    return { success: false, reason: registry.transferFailureReason, message: registry.transferFailureMessage ?? '' };
  }
  return null;
}

/** A follow-up payout that is or will be paid to the family: any but one a refund cancelled. */
export type FamilyFollowUp = FollowUpPayout & { status: Exclude<FollowUpPayout['status'], 'cancelled'> };
function paysTheFamily(followUp: FollowUpPayout): followUp is FamilyFollowUp {
  return followUp.status !== 'cancelled';
}

async function checkedRegistry(
  actor: User | null,
  id: string,
  ports: { registries: Repositories['registries'] },
  check: typeof requireOwner,
): Promise<Registry> {
  const registry = await ports.registries.findById(id);
  if (!registry) throw registryNotFound();
  check(registry, actor);
  return registry;
}

/**
 * Where the family's money is (owner only): the last transfer's outcome, when a bank transfer
 * that has not gone through may be tried again (null when there is nothing to try again), and the
 * follow-up payouts of gifts held back at closing whose disputes were then won (the charity's
 * amount already counts their charity parts; a follow-up cancelled by a refund pays nothing). Not
 * for co-owners: it tells of the owner's bank account, and only the owner can try again.
 */
export async function payoutStatus(
  actor: User | null,
  id: string,
  ports: { registries: Repositories['registries']; disputes: Pick<Repositories['disputes'], 'listFollowUpsOfRegistry'> },
) {
  const registry = await checkedRegistry(actor, id, ports, requireOwner);
  const followUps = (await ports.disputes.listFollowUpsOfRegistry(registry.id)).flatMap((dispute) =>
    dispute.followUp && paysTheFamily(dispute.followUp) ? [dispute.followUp] : [],
  );
  return { registry, transferResult: transferOutcomeOf(registry), retryAvailableAt: transferRetryAvailableAt(registry), followUps };
}

export interface CharityBreakdownLine {
  charityId: string;
  charityName: string;
  giftCount: number;
  /** The charities' 10% of those gifts. */
  totalAmount: Cents;
}

/** Each charity's share of the registry's succeeded gifts, largest first (owner and co-owners: it is about the gifts). */
export async function charityBreakdown(
  actor: User | null,
  id: string,
  ports: Pick<Repositories, 'registries' | 'gifts' | 'charities'>,
): Promise<CharityBreakdownLine[]> {
  const registry = await checkedRegistry(actor, id, ports, requireManager);
  // One aggregate, however many gifts the registry has.
  const { shares } = closingAmountsOf(await ports.gifts.tallyByRegistry(registry.id));
  const charities = await ports.charities.listAll();
  return shares
    .map((share) => ({
      charityId: share.charityId,
      charityName: charities.find((charity) => charity.id === share.charityId)?.name ?? 'A charity no longer listed',
      giftCount: share.giftCount,
      totalAmount: share.amount,
    }))
    .sort((a, b) => b.totalAmount - a.totalAmount || a.charityName.localeCompare(b.charityName));
}
