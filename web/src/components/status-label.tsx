import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

interface StatusLabelProps {
  label: string;
  /** The colours of the state it names. */
  sx: SxProps<Theme>;
}

/**
 * A word naming a registry's state ('Upcoming', 'Closed') as a pill, drawn as MUI's small Chip
 * draws one but without the Chip's code (its delete, click and avatar parts), which the registry
 * page, held to 150 KB of script on a guest's first load, does not need.
 */
export function StatusLabel({ label, sx }: StatusLabelProps) {
  return (
    <Box
      component="span"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: '8px',
          borderRadius: '16px',
          fontSize: '0.8125rem',
          fontWeight: 600,
          lineHeight: 1,
          whiteSpace: 'nowrap',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {label}
    </Box>
  );
}
