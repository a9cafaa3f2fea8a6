import { CardGrid } from '../../../components/card-grid';
import type { RegistryCardData } from '@api/registries';
import { RegistryCard } from '../../../components/registry-card';

interface RegistryGridProps {
  registries: readonly RegistryCardData[];
  /** The list's accessible name. */
  label: string;
  hideFinancials?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** Registry cards in a grid: one column on a phone, up to three on a wide screen. */
export function RegistryGrid({ registries, label, hideFinancials = false, headingLevel = 'h3' }: RegistryGridProps) {
  return (
    <CardGrid label={label}>
      {registries.map((registry) => (
        <li key={registry.id}>
          <RegistryCard registry={registry} hideFinancials={hideFinancials} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}
