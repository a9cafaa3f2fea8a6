import { CharityBreakdownSection } from '@/features/payouts/components/charity-breakdown';
import { ClosureSection } from '@/features/payouts/components/closure-section';
import type { ManagerRegistryView } from '@api/registries';

/**
 * The payouts feature's sections of the family's registry page: closing it and its payout (the
 * owner's alone; the server refuses them to a co-owner too), and the charity breakdown (both).
 */
export default function OwnerPayoutSections({ registry, onStale }: { registry: ManagerRegistryView; onStale: () => void }) {
  return (
    <>
      {registry.isOwner && <ClosureSection registry={registry} onStale={onStale} />}
      <CharityBreakdownSection registryId={registry.id} currency={registry.currency} giftCount={registry.giftCount} />
    </>
  );
}
