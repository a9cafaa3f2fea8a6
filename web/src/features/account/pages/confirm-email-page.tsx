import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { paths } from '@core/page-paths';
import { useLinkAction } from '@/lib/use-link-action';
import { usePageTitle } from '@/lib/use-page-title';
import { useUser } from '@/lib/use-user';
import { useConfirmEmailChange } from '@/features/account/api/account-api';

/**
 * /account/confirm-email#token=…: the page the e-mail change link opens. The change waits for a
 * click, so a mail program that opens links by itself to check them changes nothing.
 */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm your new e-mail address');
  // Only the account that asked may confirm (the server checks it): a stranger at a mistyped
  // address must not be able to take the account by opening the link.
  const { isAuthenticated, isLoading } = useUser();
  const confirm = useConfirmEmailChange();
  const { token, busy, outcome, run } = useLinkAction(confirm, 'Your e-mail address could not be changed. Please try again.');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
          <Typography variant="h1">Confirm your new e-mail address</Typography>
          {token === null ? (
            <Alert severity="error">
              This link is incomplete. Open the link from the e-mail again, or ask for a new one from your account page.
            </Alert>
          ) : isLoading ? null : !isAuthenticated && !outcome ? (
            <>
              <Alert severity="info">
                Sign in to the account that asked for this change, in this browser, then open the link from the e-mail again.
              </Alert>
              <Box>
                <Button href={paths.auth} variant="contained">
                  Sign In
                </Button>
              </Box>
            </>
          ) : outcome ? (
            <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary">
                Your account will use this new address for sign-in help and every e-mail we send.
              </Typography>
              <Button variant="contained" size="large" onClick={() => void run()} disabled={busy}>
                Confirm New Address
              </Button>
            </>
          )}
          {(token === null || outcome) && (
            <Box>
              <Button href={paths.account} variant="outlined">
                Go to Your Account
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
