import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { profileSchema, type ProfileInput } from '@core/account/account-schemas';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps } from '@/lib/form-field';
import type { AccountView } from '@api/account';
import { useUpdateProfile } from '@/features/account/api/account-api';

export function ProfileForm({ account }: { account: AccountView }) {
  const updateProfile = useUpdateProfile();
  const { toast } = useToast();
  const formik = useFormik<ProfileInput>({
    initialValues: { firstName: account.firstName ?? '', lastName: account.lastName ?? '' },
    validationSchema: profileSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await updateProfile(profileSchema.cast(values));
        helpers.resetForm({ values: { firstName: saved.firstName ?? '', lastName: saved.lastName ?? '' } });
        toast({ title: 'Details saved', description: 'Your name has been updated.' });
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Could not save', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    },
  });
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Your name" sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        label="Username"
        value={account.username}
        slotProps={{ input: { readOnly: true } }}
        helperText="Your username cannot be changed."
        id="account-username"
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="First Name" autoComplete="given-name" required {...fieldProps(formik, 'firstName', 'profile-')} />
        <TextField label="Last Name" autoComplete="family-name" required {...fieldProps(formik, 'lastName', 'profile-')} />
      </Box>
      <Button type="submit" variant="contained" disabled={formik.isSubmitting || !formik.dirty} sx={{ justifySelf: 'start' }}>
        Save Changes
      </Button>
    </Box>
  );
}
