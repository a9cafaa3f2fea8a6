import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { HebrewDateView } from '@api/hebrew-dates';
import { readingLabel } from '@core/model/hebrew-calendar';

interface HebrewDateTextProps {
  hebrewDate: HebrewDateView;
  sx?: SxProps<Theme>;
  /** Both lines centred (a celebration's header) or at the start edge (the default). */
  align?: 'start' | 'center';
}

/**
 * A celebration's Hebrew date and, on a Shabbat, its Torah reading: in English, then in Hebrew
 * script marked as Hebrew and right-to-left so a screen reader pronounces it as Hebrew.
 */
export function HebrewDateText({ hebrewDate, sx, align = 'start' }: HebrewDateTextProps) {
  const { reading } = hebrewDate;
  return (
    <Box sx={sx}>
      <Typography component="p" sx={{ fontWeight: 600, color: 'inherit', fontSize: 'inherit' }}>
        {hebrewDate.date}
        {reading && ` · ${readingLabel(reading)}`}
      </Typography>
      <Typography
        component="p"
        lang="he"
        dir="rtl" // Set under the English line, at the same edge, though it reads right to left.
        sx={{ color: 'inherit', fontSize: 'inherit', textAlign: align === 'center' ? 'center' : 'left' }}
      >
        {hebrewDate.hebrew}
        {reading && ` · ${reading.hebrew}`}
      </Typography>
    </Box>
  );
}
