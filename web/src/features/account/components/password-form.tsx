import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '@core/account/account-schemas';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps } from '@/lib/form-field';
import { changePassword } from '@/features/account/api/account-api';

export function PasswordForm() {
  const { toast } = useToast();
  const formik = useFormik<ChangePasswordFormValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: changePasswordFormSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await changePassword(values.currentPassword, values.newPassword);
        helpers.resetForm();
        toast({ title: 'Password changed', description: answer.message });
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Could not change your password', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    },
  });
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Change password" sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        {...fieldProps(formik, 'currentPassword', 'password-')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        {...fieldProps(formik, 'newPassword', 'password-')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        {...fieldProps(formik, 'confirmPassword', 'password-')}
      />
      <Button type="submit" variant="contained" disabled={formik.isSubmitting} sx={{ justifySelf: 'start' }}>
        Change Password
      </Button>
    </Box>
  );
}
