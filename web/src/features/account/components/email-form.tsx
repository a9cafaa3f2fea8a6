import { useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changeEmailSchema, type ChangeEmailInput } from '@core/account/account-schemas';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps } from '@/lib/form-field';
import type { AccountView } from '@api/account';
import { requestEmailChange } from '@/features/account/api/account-api';

export function EmailForm({ account }: { account: AccountView }) {
  const { toast } = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const formik = useFormik<ChangeEmailInput>({
    initialValues: { email: '', currentPassword: '' },
    validationSchema: changeEmailSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await requestEmailChange(changeEmailSchema.cast(values));
        setPending(answer.message);
        helpers.resetForm();
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Could not change your e-mail', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography>
        Current address: <strong>{account.email}</strong>
      </Typography>
      {pending && (
        <Alert severity="info" role="status">
          {pending}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Change e-mail address" sx={{ display: 'grid', gap: 2.5 }}>
        <TextField label="New Email" type="email" autoComplete="email" required {...fieldProps(formik, 'email', 'change-')} />
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          {...fieldProps(formik, 'currentPassword', 'email-')}
        />
        <Button type="submit" variant="contained" disabled={formik.isSubmitting} sx={{ justifySelf: 'start' }}>
          Send Confirmation Link
        </Button>
      </Box>
    </Box>
  );
}
