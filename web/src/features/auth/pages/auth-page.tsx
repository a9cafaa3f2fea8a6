import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RETURN_TO_PARAM, returnPathOf } from '@api/return-path';
import { paths } from '@core/page-paths';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthMarketingPanel } from '@/features/auth/components/auth-marketing-panel';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

type Mode = 'login' | 'register' | 'forgot';

const headings: Record<Mode, { title: string; heading: string; intro: string }> = {
  login: { title: 'Sign in', heading: 'Welcome Back', intro: 'Sign in to manage your registries and thank-you cards.' },
  register: { title: 'Create an account', heading: 'Join', intro: "Create an account to start your child's gift registry." },
  forgot: {
    title: 'Forgot password',
    heading: 'Forgot your password?',
    intro: 'Enter the e-mail address of your account, and we will send you a link to choose a new password.',
  },
};

/**
 * /auth: sign in or sign up (docs/product.md#sign-in-and-sign-up-page). Signed-in users never get here (see the route). Once
 * signed in, the user goes to the page that sent them here (?returnTo=), or to /.
 */
export default function AuthPage() {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get('view') === 'forgot' ? 'forgot' : 'login');
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  usePageTitle(headings[mode].title);

  // After the toggle, focus moves to the new heading so screen readers announce the new form.
  useEffect(() => {
    if (switched.current) headingRef.current?.focus();
  }, [mode]);

  const show = (next: Mode) => {
    switched.current = true;
    setMode(next);
  };
  const goBack = () => navigate(returnPathOf(searchParams.get(RETURN_TO_PARAM)) ?? paths.home, { replace: true });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography ref={headingRef} tabIndex={-1} variant="h1" sx={{ '&:focus': { outline: 'none' } }}>
              {headings[mode].heading}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              {headings[mode].intro}
            </Typography>
            {mode === 'login' && <LoginForm onSuccess={goBack} />}
            {mode === 'register' && <RegisterForm onSuccess={goBack} />}
            {mode === 'forgot' && <ForgotPasswordForm />}
            <Box sx={{ mt: 3, display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}>
              {mode === 'login' && (
                <Link component="button" type="button" variant="body1" onClick={() => show('forgot')}>
                  Forgot password?
                </Link>
              )}
              <Link component="button" type="button" variant="body1" onClick={() => show(mode === 'login' ? 'register' : 'login')}>
                {mode === 'login' ? 'Need an account? Sign up' : 'Already have an account? Sign in'}
              </Link>
            </Box>
          </CardContent>
        </Card>
        <AuthMarketingPanel />
      </Box>
    </Container>
  );
}
