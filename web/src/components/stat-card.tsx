import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** A row of summary figures, as a list its label names; `pairs` sets four of them out two by two. */
export function StatGrid({ label, pairs = false, children }: { label: string; pairs?: boolean; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: pairs ? 'repeat(2, minmax(0, 1fr))' : 'repeat(auto-fit, minmax(14rem, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** A summary figure in a StatGrid; its label names it for assistive technology. */
export function StatCard({ label, value, icon, note }: { label: string; value: string; icon: ReactNode; note?: string | undefined }) {
  const id = useId();
  return (
    <Box component="li" sx={{ listStyle: 'none', minWidth: 0 }}>
      <Card role="group" aria-labelledby={id} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box
            aria-hidden="true"
            sx={{
              width: 48,
              height: 48,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={id} color="text.secondary">
              {label}
            </Typography>
            <Typography
              sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Typography>
            {note && (
              <Typography variant="body2" color="text.secondary">
                {note}
              </Typography>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
