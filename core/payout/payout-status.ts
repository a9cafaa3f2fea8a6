import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Cents } from '../money';
import type { Repositories } from '../ports/repositories';
import { requireOwner } from '../registry/registry-access';
import type { Registry } from '../registry/registry';
import type { TransferOutcome } from './bank-transfer';
import { closingAmounts } from './closing-amounts';

/** The last bank transfer's outcome as the owner sees it; null when none applies or none was tried. */
export function transferOutcomeOf(registry: Registry): TransferOutcome | null {
  if (registry.payoutMethod !== 'bank' || registry.status === 'open') return null;
  if (registry.payoutStatus === 'completed') return { success: true };
  if (registry.transferFailureReason) {
    return { success: false, reason: registry.transferFailureReason, message: registry.transferFailureMessage ?? '' };
  }
  return null;
}

async function ownedRegistry(id: string, ports: { user: User | null; registries: Repositories['registries'] }): Promise<Registry> {
  const registry = await ports.registries.findById(id);
  if (!registry) throw new DomainError('registry.not_found', 'Registry not found');
  requireOwner(registry, ports.user);
  return registry;
}

/** Where the family's money is (owner only). */
export async function payoutStatus(id: string, ports: { user: User | null; registries: Repositories['registries'] }) {
  const registry = await ownedRegistry(id, ports);
  return { registry, transferResult: transferOutcomeOf(registry) };
}

export interface CharityBreakdownLine {
  charityId: string;
  charityName: string;
  giftCount: number;
  /** The charities' 10% of those gifts. */
  totalAmount: Cents;
}

/** Each charity's share of the registry's succeeded gifts, largest first (owner only). */
export async function charityBreakdown(
  id: string,
  ports: { user: User | null } & Pick<Repositories, 'registries' | 'gifts' | 'charities'>,
): Promise<CharityBreakdownLine[]> {
  const registry = await ownedRegistry(id, ports);
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
