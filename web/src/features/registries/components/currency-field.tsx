import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { CURRENCIES, type Currency } from '@core/money';

/** How each currency is offered (docs/product.md#registry-page). */
export const CURRENCY_LABELS: Record<Currency, string> = {
  USD: 'USD (United States)',
  CAD: 'CAD (Canada)',
};

interface CurrencyFieldProps {
  id: string;
  value: Currency;
  onChange: (currency: Currency) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Shown under the choices. */
  helperText?: string;
}

export function CurrencyField({ id, value, onChange, error, disabled = false, helperText }: CurrencyFieldProps) {
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const help = error ?? helperText ?? 'Gifts are given in this currency. You can change it until the first gift arrives.';
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
        Currency
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={helpId}
        name="currency"
        value={value}
        onChange={(_, next) => onChange(next as Currency)}
      >
        {CURRENCIES.map((currency, index) => (
          <FormControlLabel
            key={currency}
            value={currency}
            label={CURRENCY_LABELS[currency]}
            control={<Radio slotProps={{ input: index === 0 ? { id } : {} }} />}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {help}
      </FormHelperText>
    </FormControl>
  );
}
