import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { celebrationTitle } from '@core/model/celebration-title';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { useToast } from '@/components/toast';
import { serverMessage } from '@/lib/error-message';
import { formatCelebrationDate } from '@/lib/celebration-date';
import { useLinkAction } from '@/lib/use-link-action';
import { usePageTitle } from '@/lib/use-page-title';
import { useUser } from '@/lib/use-user';
import { useAcceptInvitation, useInvitationPreview } from '@/features/co-owners/api/co-owner-api';

interface AcceptCoOwnershipPageProps {
  /**
   * Signing in or up for a visitor, on this page, so the link's token stays where it is. It is
   * the auth feature's; the route (web/src/app/routes/co-owner-accept-route.tsx) passes it in.
   */
  signIn: ReactNode;
}

/**
 * /co-owner/accept#token=…: the page the co-owner invitation opens. It says which registry and
 * who invited; a visitor signs in or creates an account here (under any e-mail address), and the
 * invitation is accepted only on a click, so a mail program that opens links to check them
 * changes nothing.
 */
export default function AcceptCoOwnershipPage({ signIn }: AcceptCoOwnershipPageProps) {
  usePageTitle('Co-own a registry');
  const { user, isLoading: userLoading } = useUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const accept = useAcceptInvitation();
  const { token, busy, outcome, run } = useLinkAction(async (value) => {
    const answer = await accept(value);
    toast({ title: 'Welcome to the family registry', description: answer.message });
    await navigate(paths.registry(answer.registryId));
    return answer;
  }, 'The invitation could not be accepted. Please try again.');
  const { data: preview, error } = useInvitationPreview(token);

  let body: ReactNode;
  if (token === null) {
    body = (
      <Alert severity="error">
        This link is incomplete. Open the link from the e-mail again, or ask the registry’s owner for a new invitation.
      </Alert>
    );
  } else if (error) {
    body = <Alert severity="error">{serverMessage(error, 'This invitation could not be opened. Please try again.')}</Alert>;
  } else if (!preview || userLoading) {
    body = <PageSpinner label="Opening the invitation…" />;
  } else {
    const title = celebrationTitle(preview);
    body = (
      <>
        <Typography sx={{ fontSize: '1.15rem' }}>
          <strong>{preview.inviterName}</strong> invites you to manage <strong>{title}</strong> (
          {formatCelebrationDate(preview.celebrationDate)}) together: edit the registry, see the gifts and send thank-you cards.
        </Typography>
        {outcome && !outcome.ok && (
          <Alert severity="error" role="alert">
            {outcome.message}
          </Alert>
        )}
        {user ? (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography color="text.secondary">
              You are signed in as <strong>{user.username}</strong>. Accepting adds {title} to your dashboard.
            </Typography>
            <Button variant="contained" size="large" onClick={() => void run()} disabled={busy} sx={{ justifySelf: 'start' }}>
              Accept Invitation
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="info">Sign in, or create an account with any e-mail address, to accept. You will stay on this page.</Alert>
            {signIn}
          </Box>
        )}
      </>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 3 }}>
          <Typography variant="h1">Co-own a registry</Typography>
          {body}
        </CardContent>
      </Card>
    </Container>
  );
}
