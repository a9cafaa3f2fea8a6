import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { LinkOutcome } from '@/lib/use-link-action';

interface UnsubscribeCardProps {
  title: string;
  /** Why the link cannot be used (incomplete, or not ours), or null when it can. */
  broken: string | null;
  /** What one click stops, said before it is clicked. */
  question: ReactNode;
  busy: boolean;
  outcome: LinkOutcome | null;
  run: () => Promise<void>;
}

/** The page an e-mail's unsubscribe link opens: it asks, and the button alone unsubscribes, so a mail scanner that opens links stops nothing. */
export function UnsubscribeCard({ title, broken, question, busy, outcome, run }: UnsubscribeCardProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
          <Typography variant="h1">{title}</Typography>
          {broken !== null ? (
            <Alert severity="error">{broken}</Alert>
          ) : outcome ? (
            <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary">{question}</Typography>
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
