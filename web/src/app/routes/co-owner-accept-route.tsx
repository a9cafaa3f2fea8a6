import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import AcceptCoOwnershipPage from '@/features/co-owners/pages/accept-co-ownership-page';

// Signing in re-renders the page as signed in (the current user updates), so nothing more to do.
const stay = () => undefined;

/** Sign in or sign up without leaving the invitation page. */
function SignInHere() {
  const [mode, setMode] = useState<'login' | 'register'>('register');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
        {mode === 'register' ? 'Create an account' : 'Sign in'}
      </Typography>
      {mode === 'register' ? <RegisterForm onSuccess={stay} /> : <LoginForm onSuccess={stay} />}
      <Link
        component="button"
        type="button"
        variant="body1"
        onClick={() => setMode(mode === 'register' ? 'login' : 'register')}
        sx={{ justifySelf: 'center' }}
      >
        {mode === 'register' ? 'Already have an account? Sign in' : 'Need an account? Sign up'}
      </Link>
    </Box>
  );
}

/**
 * /co-owner/accept: the co-owners feature's page with the auth feature's forms. Two features meet
 * here, in the composition root, so neither imports the other.
 */
export default function CoOwnerAcceptRoute() {
  return <AcceptCoOwnershipPage signIn={<SignInHere />} />;
}
