import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../../app/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { AuthMarketingPanel } from '../components/auth-marketing-panel';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

type Mode = 'login' | 'register';

/** /auth: sign in or sign up (spec section 2). Signed-in users never get here (see the route). */
export default function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  usePageTitle(mode === 'login' ? 'Sign in' : 'Create an account');

  // After the toggle, focus moves to the new heading so screen readers announce the new form.
  useEffect(() => {
    if (switched.current) headingRef.current?.focus();
  }, [mode]);

  const toggle = () => {
    switched.current = true;
    setMode((m) => (m === 'login' ? 'register' : 'login'));
  };
  const goHome = () => navigate(paths.home, { replace: true });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography ref={headingRef} tabIndex={-1} variant="h1" sx={{ '&:focus': { outline: 'none' } }}>
              {mode === 'login' ? 'Welcome Back' : 'Join'}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              {mode === 'login'
                ? 'Sign in to manage your registries and thank-you cards.'
                : "Create an account to start your child's gift registry."}
            </Typography>
            {mode === 'login' ? <LoginForm onSuccess={goHome} /> : <RegisterForm onSuccess={goHome} />}
            <Box sx={{ mt: 3, textAlign: 'center' }}>
              <Link component="button" type="button" variant="body1" onClick={toggle}>
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
