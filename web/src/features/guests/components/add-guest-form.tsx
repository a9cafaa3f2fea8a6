import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { MAX_PARTY_SIZE } from '@core/model/guest';
import { guestSchema } from '@core/guest/guest-schemas';
import { TextInput } from '@/components/text-input';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useGuestActions, type GuestValues } from '@/features/guests/api/guest-list';

const ID_PREFIX = 'guest-';
const FIELD_ORDER = ['name', 'email', 'partySize'] as const;
const formSchema = guestSchema.pick(['name', 'email', 'partySize']);
const EMPTY: GuestValues = { name: '', email: '', partySize: 1 };

/** One guest at a time: a second guest with an e-mail on the list already updates that guest. */
export function AddGuestForm({ registryId }: { registryId: string }) {
  const { add } = useGuestActions(registryId);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const formik = useFormik<GuestValues>({
    initialValues: EMPTY,
    validationSchema: formSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await add(values);
        const name = values.name.trim();
        toast(
          answer.merged.length > 0
            ? { title: 'Guest updated', description: `${name} was on your list already: the line now says what you typed.` }
            : { title: 'Guest added', description: `${name} is on your guest list.` },
        );
        helpers.resetForm({ values: EMPTY });
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Error', description: serverMessage(error, 'Failed to add the guest. Please try again.'), variant: 'destructive' });
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);
  const busy = formik.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="add-guest-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="add-guest-heading" variant="h2" sx={{ fontSize: '1.35rem' }}>
        Add a guest
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr' }, alignItems: 'start' }}>
        <TextInput
          {...fieldProps(formik, 'name', ID_PREFIX)}
          label="Name"
          required
          autoComplete="off"
          disabled={busy}
          htmlInput={{ maxLength: 100 }}
        />
        <TextInput {...fieldProps(formik, 'email', ID_PREFIX)} label="Email" type="email" required autoComplete="off" disabled={busy} />
        <TextInput
          {...fieldProps(formik, 'partySize', ID_PREFIX)}
          label="Party size"
          type="number"
          disabled={busy}
          htmlInput={{ min: 1, max: MAX_PARTY_SIZE, step: 1, inputMode: 'numeric' }}
        />
      </Box>
      <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} disabled={busy} sx={{ justifySelf: 'start' }}>
        {busy ? 'Adding…' : 'Add Guest'}
      </Button>
    </Box>
  );
}
