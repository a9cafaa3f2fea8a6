import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { loginSchema, type LoginInput } from '@core/account/schemas';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { PRODUCT_NAME } from '@/lib/product';
import { useLogin } from '@/features/auth/api/auth-actions';
import { fieldProps } from '@/lib/form-field';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const { toast } = useToast();
  const formik = useFormik<LoginInput>({
    initialValues: { username: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      try {
        await login(loginSchema.cast(values, { stripUnknown: true }));
        toast({ title: 'Welcome!', description: `Successfully logged in to ${PRODUCT_NAME}.` });
        onSuccess();
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        const tooManyTries = isApiError(error) && error.status === 429;
        toast({
          title: 'Login failed',
          description: tooManyTries ? error.message : 'Please check your username and password.',
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Sign in" sx={{ display: 'grid', gap: 2.5 }}>
      <TextField label="Username" autoComplete="username" required {...fieldProps(formik, 'username')} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...fieldProps(formik, 'password')} />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        Sign In
      </Button>
    </Box>
  );
}
