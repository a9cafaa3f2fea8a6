import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { CharityOption, GiftCharities } from '../lib/charity-options';

interface CharityPickerProps {
  id: string;
  charities: GiftCharities;
  value: string;
  onChange: (charityId: string) => void;
  loadFailed: boolean;
  onRetry: () => void;
  disabled?: boolean;
}

/**
 * The charity section of the gift form: a radio group whose legend is the section's heading
 * ('Choose a Charity to Support' or 'Supporting Charity'). The first radio carries the id.
 */
export function CharityPicker({ id, charities, value, onChange, loadFailed, onRetry, disabled = false }: CharityPickerProps) {
  const legendId = `${id}-legend`;
  const helpId = `${id}-help`;
  const { heading, options } = charities;
  const single = options?.length === 1;

  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ width: '100%', m: 0, p: 0, border: 0, minWidth: 0 }}>
      <Box component="legend" id={legendId} sx={{ p: 0, mb: 0.5 }}>
        <Typography component="h2" variant="h3">
          {heading}
        </Typography>
      </Box>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {single
          ? '10% of your gift goes to this charity. Nothing is taken from the family’s 90%.'
          : '10% of your gift goes to the charity you choose. Nothing is taken from the family’s 90%.'}
      </Typography>

      {options === undefined && !loadFailed && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 1 }}>
          Loading charities…
        </Typography>
      )}
      {options === undefined && loadFailed && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          We couldn't load the charity list.
        </Alert>
      )}
      {options !== undefined && options.length === 0 && (
        <Alert severity="warning">No charity is accepting gifts right now. Please try again later.</Alert>
      )}
      {options !== undefined && options.length > 0 && (
        <RadioGroup
          aria-labelledby={legendId}
          aria-describedby={helpId}
          name="charityId"
          value={value}
          onChange={(_, next) => onChange(next)}
          sx={{ gap: 1 }}
        >
          {options.map((option, index) => (
            <CharityRadio key={option.id} option={option} inputId={index === 0 ? id : undefined} />
          ))}
        </RadioGroup>
      )}
    </FormControl>
  );
}

function CharityRadio({ option, inputId }: { option: CharityOption; inputId: string | undefined }) {
  return (
    <FormControlLabel
      value={option.id}
      control={<Radio slotProps={{ input: inputId ? { id: inputId } : {} }} />}
      label={
        <Box sx={{ py: 0.75 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {option.name}
          </Typography>
          {option.detail && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {option.detail}
            </Typography>
          )}
        </Box>
      }
      sx={{
        alignItems: 'flex-start',
        mx: 0,
        pr: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.hover' },
        '& .MuiRadio-root': { mt: 0.25 },
      }}
    />
  );
}
