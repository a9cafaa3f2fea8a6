import { useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@core/account/account-schemas';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps } from '@/lib/form-field';
import { requestPasswordReset } from '@/features/auth/api/password-reset';

/** Forgot password: the address the account uses; the answer never says whether one does. */
export function ForgotPasswordForm() {
  const { toast } = useToast();
  const [sent, setSent] = useState<string | null>(null);
  const formik = useFormik<ForgotPasswordInput>({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await requestPasswordReset(forgotPasswordSchema.cast(values).email);
        setSent(answer.message);
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Could not send the link', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    },
  });

  if (sent) {
    return (
      <Alert severity="success" role="status">
        {sent} Check your inbox (and the spam folder).
      </Alert>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Reset password" sx={{ display: 'grid', gap: 2.5 }}>
      <TextField label="Email" type="email" autoComplete="email" required {...fieldProps(formik, 'email', 'forgot-')} />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        Send Reset Link
      </Button>
    </Box>
  );
}
