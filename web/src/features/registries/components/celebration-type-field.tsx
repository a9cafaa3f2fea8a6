import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { CELEBRATION_TYPES, type CelebrationType } from '@core/model/celebration-title';

export const CELEBRATION_TYPE_LABELS: Record<CelebrationType, string> = {
  bar: 'Bar Mitzvah',
  bat: 'Bat Mitzvah',
  bnai: "B'nai Mitzvah (twins or a shared celebration)",
  unspecified: 'Prefer not to say',
};

interface CelebrationTypeFieldProps {
  id: string;
  value: CelebrationType;
  onChange: (value: CelebrationType) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Whose celebration it is: the create form and the edit dialog. The titles, cards and e-mails say it. */
export function CelebrationTypeField({ id, value, onChange, error, disabled = false }: CelebrationTypeFieldProps) {
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
        Celebration
      </FormLabel>
      <RadioGroup
        id={id}
        name="celebrationType"
        value={value}
        onChange={(event) => onChange(event.target.value as CelebrationType)}
        aria-labelledby={labelId}
        aria-describedby={helpId}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}
      >
        {CELEBRATION_TYPES.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={CELEBRATION_TYPE_LABELS[type]} />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {error ?? "Used in the registry's title, its cards and e-mails. If you prefer not to say, they read “Bar/Bat Mitzvah”."}
      </FormHelperText>
    </FormControl>
  );
}
