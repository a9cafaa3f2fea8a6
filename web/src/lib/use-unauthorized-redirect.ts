import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '@/components/toast';
import { isApiError } from './api-fetch';
import { goToLogin, LOGIN_REDIRECT_DELAY_MS } from './login-redirect';

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * docs/product.md#errors-and-messages: a call answered 401 while the user thought they were signed in gives the
 * destructive toast 'Unauthorized' / 'You are logged out. Logging in again...', then the
 * full-page login redirect after 500 ms, which comes back to this page once signed in. The returned
 * function runs that flow for a 401 and answers whether it did.
 */
export function useUnauthorizedRedirect(): (error: unknown) => boolean {
  const { toast } = useToast();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => goToLogin(here), LOGIN_REDIRECT_DELAY_MS);
      return true;
    },
    [toast, here],
  );
}
