import { lazy } from 'react';
import RegistryPage from '@/features/registries/pages/registry-page';
import type { ManagerRegistryView } from '@api/registries';
import { useUser } from '@/lib/use-user';

// The family's only, so their own chunks: the registry page loads them inside the family's part, never for a guest.
const OwnerPayoutSections = lazy(() => import('./owner-payout-sections'));
const CoOwnersSection = lazy(() => import('@/features/co-owners/components/co-owners-section'));

function ManagerSections({ registry, onStale }: { registry: ManagerRegistryView; onStale: () => void }) {
  const { user } = useUser();
  return (
    <>
      <OwnerPayoutSections registry={registry} onStale={onStale} />
      {user && <CoOwnersSection registry={registry} viewerId={user.id} />}
    </>
  );
}

function managerSections(registry: ManagerRegistryView, onStale: () => void) {
  return <ManagerSections registry={registry} onStale={onStale} />;
}

/**
 * /registry/:id: the registries feature's page, with the other features' sections for the family:
 * closing the registry and its payout for the owner, the charity breakdown (payouts), and who
 * manages it (co-owners). Features meet here, in the composition root, so
 * none imports another.
 */
export default function RegistryRoute() {
  return <RegistryPage managerSections={managerSections} />;
}
