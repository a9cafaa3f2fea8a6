import type { FormikProps } from 'formik';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldProps } from '@/lib/form-field';
import { PAYOUT_FIELD_ID_PREFIX, type PayoutFormValues } from '@/lib/payout-form';
import { COUNTRY_NAMES } from '@/lib/bank-country';

interface DetailsFieldsProps {
  formik: FormikProps<PayoutFormValues>;
  disabled?: boolean;
}

// The payout details of PayPal and check, shared by the family's closure section and the switch
// of a refused bank payout (the family's, and an administrator's on their word).

/** PayPal: the e-mail of the PayPal account the funds are sent to; `help` says when. */
export function PaypalFields({ formik, disabled = false, help }: DetailsFieldsProps & { help: string }) {
  const props = fieldProps(formik, 'paypalEmail', PAYOUT_FIELD_ID_PREFIX);
  return (
    <TextField
      {...props}
      label="PayPal Email"
      type="email"
      autoComplete="email"
      required
      disabled={disabled}
      helperText={props.helperText ?? help}
      slotProps={{ htmlInput: { maxLength: 255, spellCheck: false } }}
    />
  );
}

/** Check: who the check is made out to and where it is mailed (US or Canada; the form's values say which first). */
export function CheckFields({ formik, disabled = false }: DetailsFieldsProps) {
  const field = (name: keyof PayoutFormValues & string) => fieldProps(formik, name, PAYOUT_FIELD_ID_PREFIX);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        The check is made out to this name and mailed to this address.
      </Typography>
      <TextField
        {...field('mailingName')}
        label="Name on Check"
        autoComplete="name"
        required
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        {...field('mailingAddress')}
        label="Street Address"
        autoComplete="street-address"
        required
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextField
          {...field('mailingCity')}
          label="City"
          autoComplete="address-level2"
          required
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField
          {...field('mailingState')}
          label="State / Province"
          autoComplete="address-level1"
          required
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField
          {...field('mailingZip')}
          label="ZIP / Postal Code"
          autoComplete="postal-code"
          required
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
        <TextField
          {...field('mailingCountry')}
          select
          label="Country"
          autoComplete="country"
          disabled={disabled}
          slotProps={{ select: { native: true } }}
        >
          {(['US', 'CA'] as const).map((code) => (
            <option key={code} value={code}>
              {COUNTRY_NAMES[code]}
            </option>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
