import type { ReactNode } from 'react';
import type { ManagerRegistryView } from '@api/registries';
import { RecentGifts } from './recent-gifts';
import { RegistryManagement } from './registry-management';

interface OwnerToolsProps {
  registry: ManagerRegistryView;
  onStale: () => void;
  /** The payouts feature's sections, which the route passes in (see registry-page.tsx). */
  children?: ReactNode;
}

/**
 * What only the owner and co-owners see on the registry page: the gifts received and managing the
 * registry. Its own chunk, loaded when one of them opens the page, so guests never download it.
 */
export default function OwnerTools({ registry, onStale, children }: OwnerToolsProps) {
  return (
    <>
      <RecentGifts registryId={registry.id} gifts={registry.gifts} giftCount={registry.giftCount} />
      <RegistryManagement registry={registry} onStale={onStale} />
      {children}
    </>
  );
}
