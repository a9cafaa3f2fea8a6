import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { categoryLabel, useCharities } from '@/lib/use-charities';

/** The choice that lets every guest pick the charity for their own gift. */
const DONOR_CHOICE = 'donor-choice';

export interface CharityChoice {
  preferredCharityId: string;
  allowCharityChoice: boolean;
}

/** 'donor-choice' is an empty preferredCharityId with allowCharityChoice true (docs/product.md#validation-rules). */
function charityChoiceOf(value: string): CharityChoice {
  return value === DONOR_CHOICE
    ? { preferredCharityId: '', allowCharityChoice: true }
    : { preferredCharityId: value, allowCharityChoice: false };
}

interface CharityChoiceFieldProps {
  id: string;
  value: CharityChoice;
  onChange: (choice: CharityChoice) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A specific active charity, or 'Let each guest choose'. */
export function CharityChoiceField({ id, value, onChange, onBlur, error, disabled = false }: CharityChoiceFieldProps) {
  const { charities, error: loadError, isLoading } = useCharities();
  const active = (charities ?? []).filter((c) => c.isActive !== false);
  const selected = value.allowCharityChoice ? DONOR_CHOICE : value.preferredCharityId;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
        Charity to Support
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        10% of every gift goes to this charity. Nothing is taken from the family's 90%.
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        name="charityChoice"
        value={selected}
        onChange={(_, next) => onChange(charityChoiceOf(next))}
        onBlur={onBlur}
        sx={{ gap: 0.5 }}
      >
        <ChoiceOption
          value={DONOR_CHOICE}
          inputId={id}
          title="Let each guest choose"
          detail="Guests pick a charity from our partner list when they give."
        />
        {isLoading && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            Loading charities…
          </Typography>
        )}
        {active.map((charity) => (
          <ChoiceOption key={charity.id} value={charity.id} title={charity.name} detail={`${categoryLabel(charity.category)} Impact`} />
        ))}
      </RadioGroup>
      {!!loadError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          We couldn't load the charity list. You can let each guest choose, or try again later.
        </Alert>
      )}
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}

function ChoiceOption({ value, title, detail, inputId }: { value: string; title: string; detail: string; inputId?: string }) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio slotProps={{ input: inputId ? { id: inputId } : {} }} />}
      label={
        <Box sx={{ py: 0.5 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {detail}
          </Typography>
        </Box>
      }
      sx={{
        alignItems: 'flex-start',
        mx: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        pr: 1.5,
        '& .MuiRadio-root': { mt: 0.25 },
      }}
    />
  );
}
