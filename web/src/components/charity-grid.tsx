import { CardGrid } from './card-grid';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { PageSpinner } from './page-spinner';
import { useCharities } from '@/lib/use-charities';
import { CharityCard } from './charity-card';

/** The active charity partners from GET /api/charities, as a responsive grid. */
export function CharityGrid({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { charities, error, isLoading } = useCharities();
  if (isLoading) return <PageSpinner label="Loading charities…" />;
  if (error) return <Alert severity="error">We couldn't load our charity partners. Please try again later.</Alert>;
  const active = (charities ?? []).filter((c) => c.isActive !== false);
  if (active.length === 0) {
    return <Typography color="text.secondary">Our charity partners will be listed here soon.</Typography>;
  }
  return (
    <CardGrid label="Charity partners">
      {active.map((charity) => (
        <li key={charity.id}>
          <CharityCard charity={charity} headingLevel={headingLevel} />
        </li>
      ))}
    </CardGrid>
  );
}
