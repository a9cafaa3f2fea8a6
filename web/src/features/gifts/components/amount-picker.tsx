import { useId } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MIN_GIFT_CENTS, PRESET_GIFT_AMOUNTS } from '@core/gift/gift-amounts';
import { toWireAmount } from '@api/amount';
import { readWireAmount } from '@core/read-amount';
import { formatMoney, type Currency } from '@core/money';
import { giftAmountCents } from '@/features/gifts/lib/gift-amount';
import { TextInput } from '@/components/text-input';
import { visuallyHidden } from '@/lib/visually-hidden';
import { phoneFieldSx } from '@/features/gifts/lib/phone-field-sx';

/** '$' for USD, 'CA$' for CAD: what formatMoney puts before the number. */
function currencySymbol(currency: Currency): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

interface AmountPickerProps {
  /** The id of the Custom Amount input. */
  id: string;
  currency: Currency;
  value: string;
  onChange: (amount: string) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled?: boolean;
}

/**
 * The preset amounts of docs/product.md#constants-and-limits as toggle buttons (the pressed one is the amount now in
 * the form), and the Custom Amount field: minimum 1, step 0.01. Both edit the same amount.
 */
export function AmountPicker({ id, currency, value, onChange, onBlur, error, disabled = false }: AmountPickerProps) {
  const presetsLabelId = useId();
  const cents = giftAmountCents(value);

  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 } }}>
      <Box>
        {/* Under the 'Gift Amount' heading the group's name is for screen readers only. */}
        <Typography id={presetsLabelId} component="p" sx={visuallyHidden}>
          Choose an amount
        </Typography>
        <Box
          role="group"
          aria-labelledby={presetsLabelId}
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(6, minmax(0, 1fr))' }, gap: 1 }}
        >
          {PRESET_GIFT_AMOUNTS.map((preset) => {
            const presetCents = readWireAmount(preset);
            return (
              // A pressed button is the amount now in the form (MUI's ToggleButton, without the weight
              // of its chunk on the guest's first load).
              <Button
                key={preset}
                aria-pressed={cents === presetCents}
                variant={cents === presetCents ? 'contained' : 'outlined'}
                disabled={disabled}
                onClick={() => onChange(String(preset))}
                sx={{
                  borderRadius: 2,
                  fontWeight: 700,
                  // Three to a row at 360 px: 'CA$720.00' must fit.
                  fontSize: { xs: '0.9rem', sm: '1rem' },
                  px: 0.5,
                  // Two rows of three on a phone: lower buttons keep Custom Amount on its first screen.
                  py: { xs: 0.75, sm: 1.25 },
                  minWidth: 0,
                  overflowWrap: 'anywhere',
                  boxShadow: 'none',
                  '&[aria-pressed="false"]': { color: 'text.primary', borderColor: 'divider' },
                }}
              >
                {formatMoney(presetCents, currency)}
              </Button>
            );
          })}
        </Box>
      </Box>

      <TextInput
        id={id}
        name="amount"
        label="Custom Amount"
        type="number"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        error={!!error}
        helperText={error ?? `Any amount from ${formatMoney(MIN_GIFT_CENTS, currency)}, in ${currency}.`}
        htmlInput={{ min: toWireAmount(MIN_GIFT_CENTS), step: 0.01, inputMode: 'decimal' }}
        startAdornment={<InputAdornment position="start">{currencySymbol(currency)}</InputAdornment>}
        sx={phoneFieldSx}
      />
    </Box>
  );
}
