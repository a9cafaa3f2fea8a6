import { CharityBreakdownSection } from '../../features/payouts/components/charity-breakdown';
import { ClosureSection } from '../../features/payouts/components/closure-section';
import type { OwnerRegistryView } from '@api/registries';

/** The payouts feature's sections of the owner's registry page: closing it, its payout, the charity breakdown. */
export default function OwnerPayoutSections({ registry, onStale }: { registry: OwnerRegistryView; onStale: () => void }) {
  return (
    <>
      <ClosureSection registry={registry} onStale={onStale} />
      <CharityBreakdownSection registryId={registry.id} currency={registry.currency} giftCount={registry.giftCount} />
    </>
  );
}
