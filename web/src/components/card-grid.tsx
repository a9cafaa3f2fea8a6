import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Cards in a list laid out as a grid: up to three on a wide screen; on a phone one column, or with
 * `rowOnPhone` one row that scrolls sideways, each card most of the screen wide so the next one
 * peeks in. A list the visitor did not ask for (the landing's recent registries) then costs the
 * height of one card, not of six.
 */
export function CardGrid({ label, rowOnPhone = false, children }: { label: string; rowOnPhone?: boolean; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        ...(rowOnPhone && {
          gridTemplateColumns: { xs: 'none', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          gridAutoFlow: { xs: 'column', sm: 'row' },
          gridAutoColumns: { xs: '85%', sm: 'auto' },
          gap: { xs: 2, sm: 3 },
          overflowX: { xs: 'auto', sm: 'visible' },
          scrollSnapType: { xs: 'x mandatory', sm: 'none' },
          // The row runs to the screen's edges, its first card lined up with the text above, with
          // room for the cards' shadows and the keyboard's focus ring inside the scrolling box.
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          scrollPaddingInline: { xs: 16, sm: 0 },
          py: { xs: 1, sm: 0 },
          '& > li': { scrollSnapAlign: 'start' },
        }),
      }}
    >
      {children}
    </Box>
  );
}
