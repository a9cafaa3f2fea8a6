import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FavoriteIcon from '@mui/icons-material/Favorite';
import LockIcon from '@mui/icons-material/Lock';
import ShareIcon from '@mui/icons-material/Share';
import { formatMoney } from '@core/money';
import { splitGift } from '@core/split';
import { landingAnchors, paths } from '@core/page-paths';
import { MARKETING_COPY, PRODUCT_NAME } from '@/lib/product';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfig } from '@/lib/use-config';
import { useRegistrySearch } from '@/features/home/api/use-registry-search';
import { RegistrySearchField } from '@/features/home/components/registry-search-field';
import { CharityPartnersList } from '@/features/home/components/charity-partners-list';
import { StartRegistryButton } from '@/features/home/components/start-registry-button';
import { Ornament } from '@/components/ornament';
import { colours, elevation, fonts, typeScale } from '@core/design-tokens';
import { PageSpinner } from '@/components/page-spinner';
import { loadOncePageLive } from '@/lib/page-live';

// Below the first screens, so its code (the registry cards') waits for the page to be live; a page
// the server drew shows the band meanwhile.
const RecentRegistriesBand = lazy(() =>
  loadOncePageLive(() => import('@/features/home/components/recent-registries-section')).then((module) => ({
    default: module.RecentRegistriesBand,
  })),
);

// Asked for as the visitor focuses the search box, so it is there by the time the search (300 ms after the last key) answers.
const loadSearchResults = () => import('@/features/home/components/registry-search-results');
const RegistrySearchResults = lazy(() => loadSearchResults().then((module) => ({ default: module.RegistrySearchResults })));

const EXAMPLE_GIFT_CENTS = 100_00;

const benefits = [
  {
    icon: <LockIcon />,
    title: 'Secure online payments',
    text: 'Guests give by card through a trusted payment provider. No account needed.',
  },
  {
    icon: <FavoriteIcon />,
    title: 'Seamless charity giving',
    text: 'Every gift automatically sends 10% to a Jewish charity you care about.',
  },
  { icon: <ShareIcon />, title: 'Share your dreams', text: 'Share one short link with family and friends, near and far.' },
  { icon: <AccessTimeIcon />, title: 'Save time and money', text: 'No checks to collect or deposit: gifts arrive in one place.' },
];

const steps = [
  { title: 'Create the registry', text: "Add your child's name, the celebration date, a personal message and your favourite charity." },
  { title: 'Share with family and friends', text: 'Send the registry link by e-mail, text or chat. Guests give online in a minute.' },
  { title: 'Celebrate and give back', text: '90% of every gift goes to your family and 10% supports an important cause.' },
];

const freeItems = ['Registry setup', 'Monthly fees', 'Payment processing', 'Thank-you cards'];
const includedItems = [
  'Unlimited registries',
  'Secure payments',
  'Custom thank-you cards',
  'Charity partner network',
  'Mobile-friendly experience',
  '24/7 support',
];

function Section({
  id,
  title,
  intro,
  children,
  tone = 'plain',
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: 'plain' | 'paper';
}) {
  return (
    <Box
      component="section"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tone === 'paper' ? 'background.paper' : undefined, '&:focus': { outline: 'none' } }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography id={`${id}-heading`} variant="h2">
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {intro}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}>
      {items.map((item) => (
        <Box component="li" key={item} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CheckCircleIcon fontSize="small" color="success" aria-hidden="true" />
          {item}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The pricing as one block: where a gift goes across the top (the split drawn to scale, then its
 * amounts), and what is free and included side by side beneath, so no half of it stands empty.
 */
function PricingCard() {
  const split = splitGift(EXAMPLE_GIFT_CENTS);
  const shares = [
    { label: 'To the child (90%)', amount: split.childAmount, colour: 'primary.main' },
    { label: 'To charity (10%)', amount: split.charityAmount, colour: 'secondary.main' },
  ];
  return (
    <Card sx={{ maxWidth: 960, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, md: 5 }, display: 'grid', gap: { xs: 3, md: 4 } }}>
        <Box>
          <Typography component="h3" variant="h3">
            Where a {formatMoney(EXAMPLE_GIFT_CENTS, 'USD')} gift goes
          </Typography>
          <Box aria-hidden="true" sx={{ display: 'flex', gap: 0.5, height: 14, mt: 2.5, borderRadius: 7, overflow: 'hidden' }}>
            {shares.map((share) => (
              <Box key={share.label} sx={{ flex: share.amount, bgcolor: share.colour }} />
            ))}
          </Box>
          <Box component="dl" sx={{ m: 0, mt: 2.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {shares.map((share) => (
              // A list group holds only its term and its value, so the colour dot is drawn by the term itself.
              <Box key={share.label}>
                <Typography
                  component="dt"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    '&::before': { content: '""', width: 14, height: 14, borderRadius: '50%', bgcolor: share.colour, flexShrink: 0 },
                  }}
                >
                  {share.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, pl: 3.25, fontWeight: 800, fontSize: '1.75rem', lineHeight: 1.2 }}>
                  {formatMoney(share.amount, 'USD')}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography color="text.secondary" sx={{ mt: 2.5 }}>
            Nothing is taken from the split. The guest pays the flat platform fee and card processing on top of the gift.
          </Typography>
        </Box>
        <Box component="hr" sx={{ m: 0, border: 0, borderTop: 1, borderColor: 'divider' }} />
        <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <Typography component="h3" variant="h3">
              Always free for families
            </Typography>
            <CheckList items={freeItems.map((item) => `${item}: free`)} />
          </Box>
          <Box>
            <Typography component="h3" variant="h3">
              Included
            </Typography>
            <CheckList items={includedItems} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/** / for visitors: the public landing page (docs/product.md#landing-page). */
export default function LandingPage() {
  usePageTitle(undefined);
  const { hash } = useLocation();
  const { config } = useConfig();
  const search = useRegistrySearch();
  const partnerMail = config?.supportEmail
    ? `mailto:${config.supportEmail}?subject=${encodeURIComponent('Partner charity inquiry')}&body=${encodeURIComponent(
        'Hello,\n\nOur charity would like to become a partner charity. Here are our details:\n\nCharity name:\nWebsite:\nContact person:\nPhone:\n\nThank you!',
      )}`
    : undefined;

  // Arriving from another page with an anchor (e.g. /#pricing) scrolls to that section.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);

  return (
    <>
      <Box
        sx={{
          // A soft light from above: depth instead of a flat blue block (white text keeps over 6:1 at its brightest).
          background: `radial-gradient(ellipse 70% 70% at 50% 0%, rgba(59, 91, 204, 0.55), transparent 75%), linear-gradient(135deg, ${colours.navy} 0%, ${colours.navyDark} 100%)`,
          color: 'primary.contrastText',
          py: { xs: 8, md: 12 },
        }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Ornament width={{ xs: 140, md: 180 }} sx={{ mx: 'auto', mb: 3, color: 'secondary.main' }} />
          <Typography variant="h1" sx={{ fontSize: { xs: `${typeScale.display.xs}rem`, md: `${typeScale.display.md}rem` } }}>
            Gifts that give twice
          </Typography>
          <Typography sx={{ mt: 2.5, fontSize: { xs: '1.1rem', md: '1.3rem' } }}>{MARKETING_COPY}</Typography>
          <Box sx={{ mt: 4, display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            <StartRegistryButton color="secondary">Start Your Registry</StartRegistryButton>
            <Button
              variant="outlined"
              size="large"
              href={`#${landingAnchors.howItWorks}`}
              sx={{ color: '#ffffff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#ffffff' } }}
            >
              See how it works
            </Button>
          </Box>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="find-registry-heading"
        sx={{ py: { xs: 4, md: 5 }, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="md">
          <Typography id="find-registry-heading" variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' } }}>
            Find a Registry
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Invited to a celebration? Search for the registry by the child's name.
          </Typography>
          <Box onFocus={() => void loadSearchResults()}>
            <RegistrySearchField search={search} />
          </Box>
        </Container>
      </Box>

      {search.activeQuery ? (
        <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
          <Suspense fallback={<PageSpinner label="Searching registries…" />}>
            <RegistrySearchResults search={search} />
          </Suspense>
        </Container>
      ) : (
        <>
          <Section id="benefits" title={`Why families choose ${PRODUCT_NAME}`} tone="paper">
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
              }}
            >
              {benefits.map((benefit) => (
                <li key={benefit.title}>
                  <Card sx={{ height: '100%' }}>
                    <CardContent sx={{ p: 3 }}>
                      <Box
                        aria-hidden="true"
                        sx={{
                          color: 'secondary.dark',
                          bgcolor: colours.champagne,
                          width: 48,
                          height: 48,
                          borderRadius: '50%',
                          display: 'grid',
                          placeItems: 'center',
                          mb: 2,
                        }}
                      >
                        {benefit.icon}
                      </Box>
                      <Typography component="h3" variant="h4">
                        {benefit.title}
                      </Typography>
                      <Typography color="text.secondary" sx={{ mt: 1 }}>
                        {benefit.text}
                      </Typography>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </Box>
          </Section>

          <Section id={landingAnchors.howItWorks} title="How It Works" intro="Three simple steps from invitation to impact.">
            <Box
              component="ol"
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
            >
              {steps.map((step, index) => (
                <Box component="li" key={step.title} sx={{ textAlign: 'center', px: 2 }}>
                  <Box
                    aria-hidden="true"
                    sx={{
                      width: 60,
                      height: 60,
                      mx: 'auto',
                      mb: 2,
                      borderRadius: '50%',
                      bgcolor: 'background.paper',
                      color: 'primary.main',
                      border: 2,
                      borderColor: 'secondary.main',
                      boxShadow: elevation.card,
                      display: 'grid',
                      placeItems: 'center',
                      fontFamily: fonts.display,
                      fontWeight: fonts.displayWeight,
                      fontSize: '1.6rem',
                    }}
                  >
                    {index + 1}
                  </Box>
                  <Typography component="h3" variant="h3">
                    {step.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {step.text}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Section>

          {/* Below the first screens: the list arrives after the page, and must not push what the visitor is reading. */}
          <Suspense fallback={null}>
            <RecentRegistriesBand />
          </Suspense>

          <Section
            id={landingAnchors.charities}
            title="Charity Partners"
            intro="10% of every gift supports one of these Jewish charities."
            tone="paper"
          >
            <CharityPartnersList />
            <Box sx={{ mt: { xs: 3, md: 5 }, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
              <Button variant="contained" href={paths.charities}>
                About Our Charity Partners
              </Button>
              {partnerMail && (
                <Button variant="outlined" href={partnerMail}>
                  Become a Partner Charity
                </Button>
              )}
            </Box>
          </Section>

          <Section
            id={landingAnchors.pricing}
            title="Pricing"
            intro="Free for families. Guests pay a small flat platform fee and card processing on top of their gift."
          >
            <PricingCard />
          </Section>

          <Box
            component="section"
            aria-labelledby="closing-cta"
            sx={{ py: { xs: 6, md: 9 }, bgcolor: 'secondary.light', textAlign: 'center' }}
          >
            <Container maxWidth="md">
              <Typography id="closing-cta" variant="h2">
                Make the celebration meaningful
              </Typography>
              <Typography sx={{ mt: 1.5, mb: 4 }}>Set up your child's registry today and let every gift do good twice.</Typography>
              <StartRegistryButton>Start Your Registry Now</StartRegistryButton>
            </Container>
          </Box>
        </>
      )}
    </>
  );
}
