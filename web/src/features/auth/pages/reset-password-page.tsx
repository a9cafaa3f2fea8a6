import { useState } from 'react';
import { useLocation } from 'react-router';
import { useFormik } from 'formik';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '@core/account/account-schemas';
import { paths } from '@core/page-paths';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps } from '@/lib/form-field';
import { linkTokenFrom } from '@/lib/link-token';
import { usePageTitle } from '@/lib/use-page-title';
import { USER_KEY } from '@/lib/use-user';
import { PageSpinner } from '@/components/page-spinner';
import { resetPassword, useResetLinkState } from '@/features/auth/api/password-reset';

/** /reset-password#token=…: the page the password-reset e-mail links to. */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const { hash } = useLocation();
  const [token] = useState(() => linkTokenFrom(hash));
  const link = useResetLinkState(token);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  const formik = useFormik<ResetPasswordFormValues>({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: resetPasswordFormSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await resetPassword(token ?? '', values.password);
        setDone(answer.message);
        // A reset ends every session of the account, this browser's too if it was signed in to it:
        // drop every cached answer (a shared computer keeps no givers' names), as signing out does.
        await mutate(() => true, undefined, { revalidate: false });
        await mutate(USER_KEY);
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        setFailure(serverMessage(error, 'Your password could not be changed. Please try again.'));
      }
    },
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h1">Choose a new password</Typography>
          {done ? (
            <Box sx={{ mt: 3, display: 'grid', gap: 3 }}>
              <Alert severity="success" role="status">
                {done}
              </Alert>
              <Button variant="contained" size="large" href={paths.auth}>
                Go to Sign In
              </Button>
            </Box>
          ) : token === null ? (
            <Box sx={{ mt: 3, display: 'grid', gap: 2 }}>
              <Alert severity="error">This link is incomplete. Open the link from the e-mail again, or ask for a new one.</Alert>
              <Link href={paths.forgotPassword}>Ask for a new link</Link>
            </Box>
          ) : link.state === 'checking' ? (
            <PageSpinner label="Checking your link…" />
          ) : link.state === 'unusable' ? (
            <Box sx={{ mt: 3, display: 'grid', gap: 2 }}>
              <Alert severity="error">{link.message}</Alert>
              <Link href={paths.forgotPassword}>Ask for a new link</Link>
            </Box>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
                Every device signed in to your account will be signed out.
              </Typography>
              {failure && (
                <Alert severity="error" sx={{ mb: 3 }}>
                  {failure} <Link href={paths.forgotPassword}>Ask for a new link</Link>
                </Alert>
              )}
              <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="New password" sx={{ display: 'grid', gap: 2.5 }}>
                <TextField label="New Password" type="password" autoComplete="new-password" required {...fieldProps(formik, 'password')} />
                <TextField
                  label="Confirm Password"
                  type="password"
                  autoComplete="new-password"
                  required
                  {...fieldProps(formik, 'confirmPassword')}
                />
                <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
                  Set New Password
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
