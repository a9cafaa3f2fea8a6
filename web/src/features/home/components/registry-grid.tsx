import { CardGrid } from '@/components/card-grid';
import type { RegistryCardData } from '@api/registries';
import { RegistryCard } from '@/components/registry-card';

interface RegistryGridProps {
  registries: readonly RegistryCardData[];
  /** The list's accessible name. */
  label: string;
  hideFinancials?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** On a phone, one row that scrolls sideways instead of a column (CardGrid). */
  rowOnPhone?: boolean;
}

/** Registry cards in a grid: one column (or one sideways row) on a phone, up to three on a wide screen. */
export function RegistryGrid({ registries, label, hideFinancials = false, headingLevel = 'h3', rowOnPhone = false }: RegistryGridProps) {
  return (
    <CardGrid label={label} rowOnPhone={rowOnPhone}>
      {registries.map((registry) => (
        <li key={registry.id}>
          <RegistryCard registry={registry} hideFinancials={hideFinancials} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}
