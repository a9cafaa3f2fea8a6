import Box from '@mui/material/Box';
import { celebrationName, type CelebrationType } from '@core/model/celebration-title';

interface CelebrationTitleTextProps {
  registry: { childName: string; celebrationType: CelebrationType };
}

/**
 * The registry's title (core/model/celebration-title.ts, word for word) in two halves that a
 * line never splits: "Noah Cohen's" and "Bar Mitzvah". A narrow line wraps only between the child's
 * name and the celebration, never as "Noah Cohen's Bar / Mitzvah". The name is an inline block, not
 * `nowrap`, so a name wider than the whole line still wraps inside itself instead of running off a
 * phone's screen.
 */
export function CelebrationTitleText({ registry }: CelebrationTitleTextProps) {
  return (
    <>
      <Box component="span" sx={{ display: 'inline-block', maxWidth: '100%' }}>
        {registry.childName}'s
      </Box>{' '}
      <Box component="span" data-celebration-name sx={{ whiteSpace: 'nowrap' }}>
        {celebrationName(registry.celebrationType)}
      </Box>
    </>
  );
}
