import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { registrationFormSchema, registrationSchema, type RegistrationFormValues } from '@core/account/schemas';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { PRODUCT_NAME } from '@/lib/product';
import { useRegister } from '@/features/auth/api/auth-actions';
import { registrationErrorMessage, USERNAME_TAKEN_MESSAGE } from '@/features/auth/lib/registration-error-message';
import { fieldProps } from '@/lib/form-field';

const initialValues: RegistrationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
};

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const register = useRegister();
  const { toast } = useToast();
  const formik = useFormik<RegistrationFormValues>({
    initialValues,
    validationSchema: registrationFormSchema,
    onSubmit: async (values, helpers) => {
      try {
        // The stored fields only: confirmPassword stays in the browser.
        await register(registrationSchema.cast(values, { stripUnknown: true }));
        toast({ title: `Welcome to ${PRODUCT_NAME}!`, description: 'Your account has been created successfully.' });
        onSuccess();
      } catch (error) {
        // What the server said in words: a body without a message (e.g. `{}`) gets the fallback, never its raw text.
        const description = registrationErrorMessage(serverMessage(error, ''));
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        if (description === USERNAME_TAKEN_MESSAGE) helpers.setFieldError('username', description);
        toast({ title: 'Registration failed', description, variant: 'destructive' });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Create account" sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="First Name" autoComplete="given-name" required {...fieldProps(formik, 'firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...fieldProps(formik, 'lastName')} />
      </Box>
      <TextField label="Email" type="email" autoComplete="email" required {...fieldProps(formik, 'email')} />
      <TextField label="Username" autoComplete="username" required {...fieldProps(formik, 'username')} />
      <TextField label="Password" type="password" autoComplete="new-password" required {...fieldProps(formik, 'password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...fieldProps(formik, 'confirmPassword')} />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        Create Account
      </Button>
    </Box>
  );
}
