import type { User } from '../account/user';
import type { Cents } from '../money';
import type { Repositories } from '../ports/repositories';
import { requireManager, requireOwner } from '../registry/registry-access';
import type { Registry } from '../registry/registry';
import { transferRetryAvailableAt } from './bank-transfer';
import type { TransferOutcome } from './transfer-outcome';
import { closingAmounts } from './closing-amounts';
import { registryNotFound } from '../registry/registry-not-found';

/** The last bank transfer's outcome as the owner sees it; null when none applies or none was tried. */
function transferOutcomeOf(registry: Registry): TransferOutcome | null {
  if (registry.payoutMethod !== 'bank' || registry.status === 'open') return null;
  if (registry.payoutStatus === 'completed') return { success: true };
  if (registry.transferFailureReason) {
    return { success: false, reason: registry.transferFailureReason, message: registry.transferFailureMessage ?? '' };
  }
  return null;
}

async function checkedRegistry(
  id: string,
  ports: { user: User | null; registries: Repositories['registries'] },
  check: typeof requireOwner,
): Promise<Registry> {
  const registry = await ports.registries.findById(id);
  if (!registry) throw registryNotFound();
  check(registry, ports.user);
  return registry;
}

/**
 * Where the family's money is (owner only): the last transfer's outcome, and when a bank transfer
 * that has not gone through may be tried again (null when there is nothing to try again). Not for
 * co-owners: it tells of the owner's bank account, and only the owner can try again.
 */
export async function payoutStatus(id: string, ports: { user: User | null; registries: Repositories['registries'] }) {
  const registry = await checkedRegistry(id, ports, requireOwner);
  return { registry, transferResult: transferOutcomeOf(registry), retryAvailableAt: transferRetryAvailableAt(registry) };
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
  id: string,
  ports: { user: User | null } & Pick<Repositories, 'registries' | 'gifts' | 'charities'>,
): Promise<CharityBreakdownLine[]> {
  const registry = await checkedRegistry(id, ports, requireManager);
  const { shares } = closingAmounts(await ports.gifts.listByRegistry(registry.id));
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
