import type { MessageAnswer } from '@api/registries';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../../lib/api-fetch';
import { useLinkAction } from '../../../lib/use-link-action';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /newsletter/unsubscribe#token=…: the link in the newsletter confirmation. It waits for a click, so
 * a mail program that opens links by itself to check them unsubscribes nobody.
 */
export default function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { token, busy, outcome, run } = useLinkAction(
    (linkToken) => apiFetch<MessageAnswer>('/api/newsletter/unsubscribe', { method: 'POST', body: { token: linkToken } }),
    'You could not be unsubscribed. Please try again.',
  );

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
          <Typography variant="h1">Unsubscribe from our newsletter</Typography>
          {token === null ? (
            <Alert severity="error">This link is incomplete. Open the link from the e-mail again.</Alert>
          ) : outcome ? (
            <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary">Your address will be removed from our newsletter list.</Typography>
              <Button variant="contained" size="large" onClick={() => void run()} disabled={busy}>
                Unsubscribe
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
