import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { RSVP_PAGE_OUTCOME, RSVP_PAGE_OUTCOMES, type InvitationView, type RsvpPageOutcome } from '@api/invitations';
import { colours } from '@core/design-tokens';
import { clockTime } from '@core/invitation/clock-time';
import { photoObjectPosition } from '@core/model/photo-focus';
import { paths } from '@core/page-paths';
import { CelebrationTitleText } from '@/components/celebration-title-text';
import { HebrewDateText } from '@/components/hebrew-date-text';
import { Ornament } from '@/components/ornament';
import { PageSpinner } from '@/components/page-spinner';
import { ResponsivePhoto } from '@/components/responsive-photo';
import { RegistryLoadError } from '@/components/registry-not-found';
import { formatCelebrationDate } from '@/lib/celebration-date';
import { usePageTitle } from '@/lib/use-page-title';
import { useInvitation } from '@/features/invitations/api/invitation';
import { RsvpForm } from '@/features/invitations/components/rsvp-form';
import { answerWords, OUTCOME_WORDS } from '@/features/invitations/lib/rsvp-words';

const PHOTO_SIZES = '(min-width: 600px) 552px, calc(100vw - 32px)';

/** The gift form, carrying the guest's link in the fragment so the gift is matched to them (docs/adr/0024-personal-links-in-the-path.md). */
export function giftFromLink(registryId: string, token: string): string {
  return `${paths.gift(registryId)}#guest=${encodeURIComponent(token)}`;
}

function LinkNotWorking() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <LinkOffIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
      <Typography variant="h1" sx={{ mt: 2, fontSize: { xs: '1.9rem', md: '2.25rem' } }}>
        This invitation link does not work
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Check that the whole link was copied, or ask the family to send you your link again.
      </Typography>
    </Container>
  );
}

function outcomeOf(params: URLSearchParams): RsvpPageOutcome | null {
  const said = params.get(RSVP_PAGE_OUTCOME);
  return (RSVP_PAGE_OUTCOMES as readonly string[]).includes(said ?? '') ? (said as RsvpPageOutcome) : null;
}

function Celebration({ invitation }: { invitation: InvitationView }) {
  const { registry } = invitation;
  return (
    <>
      {registry.photoUrl && (
        <ResponsivePhoto
          url={registry.photoUrl}
          alt={`Photo of ${registry.childName}`}
          sizes={PHOTO_SIZES}
          priority
          sx={{ maxHeight: { xs: '14rem', md: '20rem' }, objectFit: 'cover', objectPosition: photoObjectPosition(registry) }}
        />
      )}
      <Box
        sx={{
          px: { xs: 2.5, sm: 4 },
          pt: { xs: 3, md: 4 },
          pb: 3,
          bgcolor: colours.champagne,
          textAlign: 'center',
          display: 'grid',
          justifyItems: 'center',
          gap: 1.25,
        }}
      >
        <Ornament width={{ xs: 120, md: 150 }} />
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere', textWrap: 'balance', maxWidth: '100%' }}
        >
          You’re invited, {invitation.guest.name}
        </Typography>
        <Typography sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
          to <CelebrationTitleText registry={registry} />
        </Typography>
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '1.1rem' }}>
          <EventIcon aria-hidden="true" sx={{ color: 'secondary.dark' }} />
          {formatCelebrationDate(registry.celebrationDate)}
          {invitation.startTime && ` · ${clockTime(invitation.startTime)}`}
        </Typography>
        {invitation.place && (
          <Typography
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '1.1rem', overflowWrap: 'anywhere' }}
          >
            <PlaceIcon aria-hidden="true" sx={{ color: 'secondary.dark' }} />
            {invitation.place}
          </Typography>
        )}
        <HebrewDateText hebrewDate={registry.hebrewDate} align="center" sx={{ color: 'text.secondary', fontSize: '1.05rem' }} />
      </Box>
    </>
  );
}

/**
 * /i/:token (public, no account): a guest's own invitation from their personal link. The
 * celebration, their answer so far with a way to give or change it, and Give a Gift carrying the
 * link so the gift shows on their line (docs/product.md#rsvp). Drawn on the server, and it works
 * without JavaScript: the form posts to this address and comes back with ?rsvp=….
 */
export default function InvitationPage() {
  const { token } = useParams<{ token: string }>();
  const [searchParams] = useSearchParams();
  const { invitation, error, isLoading, isNotFound, answer } = useInvitation(token);
  const fromServer = outcomeOf(searchParams);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error' | 'warning'; text: string } | null>(
    fromServer ? OUTCOME_WORDS[fromServer] : null,
  );
  usePageTitle(
    isNotFound || !token
      ? 'Invitation Not Found'
      : invitation
        ? `You’re invited to ${invitation.registry.childName}’s celebration`
        : 'Your invitation',
  );

  if (isNotFound || !token) return <LinkNotWorking />;
  if (error) return <RegistryLoadError onRetry={() => window.location.reload()} />;
  if (isLoading || !invitation) return <PageSpinner label="Loading your invitation…" />;

  const { registry, rsvp } = invitation;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 1.5, md: 6 }, px: { xs: 1, sm: 2 } }}>
      <Card component="article" aria-labelledby="invitation-title">
        <Celebration invitation={invitation} />
        <CardContent sx={{ p: { xs: 2, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } }, display: 'grid', gap: 2.5 }}>
          {registry.personalMessage && (
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', fontStyle: 'italic' }}>
              {registry.personalMessage}
            </Typography>
          )}
          <Box role="status" aria-live="polite" aria-atomic="true">
            {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>
              Your answer: {rsvp ? answerWords(rsvp.answer, rsvp.partySize) : 'not sent yet'}
            </Typography>
            {invitation.canAnswer && (
              <Typography color="text.secondary" variant="body2">
                You can change it until the end of the celebration day.
              </Typography>
            )}
          </Box>
          {invitation.canAnswer ? (
            <RsvpForm token={token} invitation={invitation} onAnswer={answer} onOutcome={setOutcome} />
          ) : (
            <Alert severity="info">The celebration is over, so answers can no longer change.</Alert>
          )}
          {registry.acceptsGifts && (
            <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2.5, display: 'grid', gap: 1.5 }}>
              <Typography variant="h2" sx={{ fontSize: '1.35rem' }}>
                A gift for {registry.childName}
              </Typography>
              <Typography color="text.secondary">
                Give online: part goes to {registry.childName}, part to a charity. The family sees it came from you.
              </Typography>
              <Button
                variant="contained"
                color="secondary"
                size="large"
                href={giftFromLink(registry.id, token)}
                sx={{ justifySelf: 'start', minHeight: 48 }}
              >
                Give a Gift
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
