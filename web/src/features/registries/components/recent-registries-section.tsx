import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecentRegistries } from '../lib/recent-registries';
import { RegistryGrid } from './registry-grid';

interface RecentRegistriesSectionProps {
  /** Shown when this browser has opened no registry yet; without it the section is left out. */
  emptyText?: string;
}

/** 'Recent Registries': the registries this browser opened before, without money. */
export function RecentRegistriesSection({ emptyText }: RecentRegistriesSectionProps) {
  const headingId = useId();
  const recent = useRecentRegistries();
  if (recent.length === 0 && !emptyText) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        Recent Registries
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {recent.length === 0 ? emptyText : 'Registries you have opened on this device.'}
      </Typography>
      {recent.length > 0 && <RegistryGrid registries={recent} label="Recent registries" hideFinancials />}
    </Box>
  );
}
