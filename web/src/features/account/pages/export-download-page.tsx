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
import { downloadEmailedExport } from '@/features/account/api/account-api';

/**
 * /account/export#token=…: the page the e-mail with an export built in the background links to.
 * The file is given only to the account it was made for (the server checks it), on a click, so a
 * mail program that opens links by itself fetches nothing.
 */
export default function ExportDownloadPage() {
  usePageTitle('Download your data');
  const { isAuthenticated, isLoading } = useUser();
  const { token, busy, outcome, run } = useLinkAction(downloadEmailedExport, 'Your data could not be downloaded. Please try again.');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
          <Typography variant="h1">Download your data</Typography>
          {token === null ? (
            <Alert severity="error">
              This link is incomplete. Open the link from the e-mail again, or ask for a new export on your account page.
            </Alert>
          ) : isLoading ? null : !isAuthenticated ? (
            <>
              <Alert severity="info">
                Sign in to the account this export was made for, in this browser, then open the link from the e-mail again.
              </Alert>
              <Box>
                <Button href={paths.auth} variant="contained">
                  Sign In
                </Button>
              </Box>
            </>
          ) : (
            <>
              <Typography color="text.secondary">
                The file holds your profile, registries, gifts and givers, gifts recorded by hand, thank-you cards, payouts and co-owners.
              </Typography>
              <Button variant="contained" size="large" onClick={() => void run()} disabled={busy} sx={{ justifySelf: 'start' }}>
                Download
              </Button>
              {outcome && (
                <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
                  {outcome.message}
                </Alert>
              )}
            </>
          )}
          <Box>
            <Button href={paths.account} variant="outlined">
              Go to Your Account
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
