import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import { paths } from '@core/page-paths';
import { useToast } from '@/components/toast';
import { LOGIN_REDIRECT_DELAY_MS, withReturnTo } from '@/lib/login-redirect';
import { useUser } from '@/lib/use-user';

/**
 * 'Start Your Registry': a visitor gets a 'Please log in' toast and goes to /auth after 500 ms, and
 * from there, once signed in, to /create-registry; a signed-in user goes straight there.
 */
export function StartRegistryButton({ children, ...props }: ButtonProps) {
  const { user } = useUser();
  const { toast } = useToast();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = () => {
    if (user) {
      navigate(paths.createRegistry);
      return;
    }
    toast({ title: 'Please log in', description: 'You need to be logged in to create a registry.' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(withReturnTo(paths.auth, paths.createRegistry)), LOGIN_REDIRECT_DELAY_MS);
  };

  return (
    <Button variant="contained" size="large" {...props} onClick={onClick}>
      {children}
    </Button>
  );
}
