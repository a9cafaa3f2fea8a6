import { lazy, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { RETURN_TO_PARAM, returnPathOf } from '@api/return-path';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useUser } from '@/lib/use-user';
import { goToLogin, LOGIN_REDIRECT_DELAY_MS } from '@/lib/login-redirect';
import { PageSpinner } from './page-spinner';
import { useToast } from './toast';

/** The 404 page, loaded when first shown: a guest's first page never needs it. */
export const NotFoundPage = lazy(() => import('./not-found-page'));

interface RequireAuthProps {
  children: ReactNode;
  /** The toast's description for a visitor who lands here. */
  reason?: string;
}

/**
 * A page for signed-in users. A visitor gets a 'Please log in' toast and, after 500 ms, the
 * full-page login redirect (docs/product.md#route-table and #constants-and-limits), which comes back here once signed in.
 */
export function RequireAuth({ children, reason = 'You need to be logged in to see this page.' }: RequireAuthProps) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner label="Checking your account…" />;
  if (!user) return <LoginRedirect reason={reason} />;
  return <>{children}</>;
}

function LoginRedirect({ reason }: { reason: string }) {
  const { toast } = useToast();
  const announced = useRef(false);
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  useEffect(() => {
    if (!announced.current) {
      announced.current = true;
      toast({ title: 'Please log in', description: reason });
    }
    const timer = setTimeout(() => goToLogin(here), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reason, toast, here]);

  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1">Please log in</Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Taking you to the sign-in page…
      </Typography>
    </Container>
  );
}

/** A page for administrators; everyone else sees the 404 page (docs/product.md#roles-and-permissions). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner label="Checking your account…" />;
  if (!user?.isAdmin) return <NotFoundPage />;
  return <>{children}</>;
}

/**
 * A page for visitors only (the /auth route): signed-in users go to / (docs/product.md#sign-in-and-sign-up-page), or back to
 * the page that sent them to sign in (?returnTo=).
 */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const [searchParams] = useSearchParams();
  if (isLoading) return <PageSpinner label="Checking your account…" />;
  if (user) return <Navigate to={returnPathOf(searchParams.get(RETURN_TO_PARAM)) ?? '/'} replace />;
  return <>{children}</>;
}
