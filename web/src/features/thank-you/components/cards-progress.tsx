import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { CardsProgress as Progress } from '@/features/thank-you/lib/contributors';

/** 'sent/total cards sent' with a bar (docs/product.md#thank-you-cards-page). */
export function CardsProgress({ progress }: { progress: Progress }) {
  const labelId = useId();
  const text = `${progress.sent}/${progress.total} cards sent`;
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mb: 0.75 }}>
        <Typography id={labelId} component="span" sx={{ fontWeight: 600 }}>
          Thank-you cards
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {text}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        aria-labelledby={labelId}
        aria-valuetext={text}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}
