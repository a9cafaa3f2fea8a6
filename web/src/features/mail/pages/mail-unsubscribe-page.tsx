import { useParams } from 'react-router';
import type { UnsubscribedAnswer } from '@api/mail';
import { isOptOutCategory, OPT_OUT_LABELS } from '@core/mail/mail-kinds';
import { UNSUBSCRIBE_API_PREFIX } from '@core/mail/unsubscribe-by-link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../../lib/api-fetch';
import { useConfig } from '../../../lib/use-config';
import { useLinkAction } from '../../../lib/use-link-action';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /unsubscribe/{category}#token=…: where an e-mail's unsubscribe link leads when opened in a
 * browser (docs/product.md#bounces-complaints-and-unsubscribes). It asks first, so a mail scanner
 * that opens links stops nothing; the button sends the same one-click POST a mailbox provider does.
 */
export default function MailUnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { category } = useParams<{ category: string }>();
  const known = isOptOutCategory(category) ? category : null;
  const { config } = useConfig();
  const { token, busy, outcome, run } = useLinkAction(
    (linkToken) => apiFetch<UnsubscribedAnswer>(`${UNSUBSCRIBE_API_PREFIX}${encodeURIComponent(linkToken)}`, { method: 'POST' }),
    'You could not be unsubscribed. Please try again.',
  );
  const support = config?.supportEmail;
  const broken = token === null || known === null;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.2rem' } }}>
            Unsubscribe
          </Typography>
          {broken ? (
            <Alert severity="error">
              This unsubscribe link does not work. Open the link from the e-mail again
              {support ? `, or write to ${support} and we will take your address off` : ''}.
            </Alert>
          ) : outcome ? (
            <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          ) : (
            <>
              <Typography>
                Stop {OPT_OUT_LABELS[known]} to this address? It takes effect at once. Receipts and notices about your own gifts, payouts and account still come.
              </Typography>
              <Button variant="contained" size="large" onClick={() => void run()} disabled={busy} sx={{ justifySelf: 'start' }}>
                Unsubscribe
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
