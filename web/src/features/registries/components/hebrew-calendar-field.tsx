import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { HEBREW_CALENDARS, hebrewCalendarName, type HebrewCalendarChoice } from '@core/model/hebrew-calendar';
import { HebrewDateText } from '@/components/hebrew-date-text';
import { useHebrewDate } from '@/features/registries/api/hebrew-date';

interface HebrewCalendarFieldProps {
  id: string;
  /** The form's celebration date, yyyy-mm-dd (or empty while none is picked). */
  day: string;
  value: HebrewCalendarChoice;
  onChange: (value: HebrewCalendarChoice) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Whose Torah readings name the Shabbat's parashah (the create form and the edit dialog), and the
 * Hebrew date of the picked day as guests will see it, updated as the family picks.
 */
export function HebrewCalendarField({ id, day, value, onChange, error, disabled = false }: HebrewCalendarFieldProps) {
  const labelId = useId();
  const helpId = useId();
  const { hebrewDate, error: lookupError } = useHebrewDate(day, value);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControl component="fieldset" error={!!error} disabled={disabled}>
        <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          Torah readings
        </FormLabel>
        <RadioGroup
          id={id}
          name="hebrewCalendar"
          value={value}
          onChange={(event) => onChange(event.target.value as HebrewCalendarChoice)}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          row
        >
          {HEBREW_CALENDARS.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio />} label={hebrewCalendarName(choice)} />
          ))}
        </RadioGroup>
        <FormHelperText id={helpId} sx={{ mx: 0 }}>
          {error ??
            'Israel and the diaspora read a different parashah in some weeks after Pesach and Shavuot. Choose where the celebration is.'}
        </FormHelperText>
      </FormControl>
      <Box
        aria-live="polite"
        data-testid="hebrew-date-preview"
        sx={{ px: 2, py: 1.5, borderRadius: 2, bgcolor: 'action.hover', color: 'text.primary', minHeight: '3.5rem' }}
      >
        {hebrewDate ? (
          <>
            <Typography variant="body2" color="text.secondary">
              Hebrew date
            </Typography>
            <HebrewDateText hebrewDate={hebrewDate} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {lookupError
              ? 'The Hebrew date could not be looked up just now. It will show on the registry page.'
              : 'Pick the celebration date to see its Hebrew date and, on a Shabbat, its parashah.'}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
