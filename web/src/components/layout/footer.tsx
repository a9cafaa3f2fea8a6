import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { MessageAnswer } from '@api/registries';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import PhoneIcon from '@mui/icons-material/Phone';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import XIcon from '@mui/icons-material/X';
import { landingAnchors, paths } from '@core/page-paths';
import { useUser } from '@/lib/use-user';
import { useConfig } from '@/lib/use-config';
import { brand } from '@/app/theme';
import { PRODUCT_NAME } from '@/lib/product';
import { apiFetch } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';

const footerText = '#e5e7eb';
const footerMuted = '#cbd5e1';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: '#ffffff', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function LinkList({ links }: { links: { label: string; href: string }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {links.map((link) => (
        <li key={link.label}>
          <Link href={link.href} color="inherit" underline="hover">
            {link.label}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** The footer of docs/product.md#navigation-bar-and-footer. */
export function Footer() {
  const { user } = useUser();
  const { config } = useConfig();
  const signedIn = !!user;

  const quickLinks = [
    { label: 'How It Works', href: signedIn ? paths.faq : `/#${landingAnchors.howItWorks}` },
    { label: 'Create Registry', href: signedIn ? paths.createRegistry : paths.auth },
    { label: 'Give a Gift', href: paths.home },
    { label: 'Charity Partners', href: paths.charities },
    { label: 'Thank You Cards', href: signedIn ? paths.home : paths.auth },
  ];
  const supportLinks = [
    { label: 'Help Center', href: paths.faq },
    { label: 'Contact Us', href: config ? `mailto:${config.supportEmail}` : paths.faq },
    { label: 'FAQs', href: paths.faq },
    { label: 'Security', href: paths.security },
    { label: 'Privacy Policy', href: paths.privacy },
  ];

  return (
    <Box
      component="footer"
      sx={{
        bgcolor: brand.footer,
        color: footerText,
        mt: 'auto',
        pt: { xs: 6, md: 8 },
        pb: 4,
        '& a:focus-visible, & button:focus-visible': { outlineColor: brand.gold },
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 5 },
            // The last column is the widest: the newsletter field and its button share a line there.
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.3fr 1fr 1fr 1.7fr' },
          }}
        >
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
              <CardGiftcardIcon aria-hidden="true" sx={{ color: brand.gold }} />
              <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.2rem', color: '#ffffff' }}>
                {PRODUCT_NAME}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ color: footerMuted, mb: 2 }}>
              Gift registries for Bar and Bat Mitzvah celebrations, where every gift also supports a Jewish charity.
            </Typography>
            <SocialPlaceholders />
          </Box>
          <Column title="Quick Links">
            <LinkList links={quickLinks} />
          </Column>
          <Column title="Support">
            <LinkList links={supportLinks} />
          </Column>
          <Column title="Get in Touch">
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
              {config && (
                <>
                  <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <EmailIcon fontSize="small" aria-hidden="true" />
                    <Link href={`mailto:${config.supportEmail}`} color="inherit" underline="hover" sx={{ overflowWrap: 'anywhere' }}>
                      {config.supportEmail}
                    </Link>
                  </Box>
                  <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <PhoneIcon fontSize="small" aria-hidden="true" />
                    <Link href={telHref(config.supportPhone)} color="inherit" underline="hover">
                      {config.supportPhone}
                    </Link>
                  </Box>
                </>
              )}
              <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <SupportAgentIcon fontSize="small" aria-hidden="true" />
                <span>24/7 Support Available</span>
              </Box>
            </Box>
            <NewsletterForm />
          </Column>
        </Box>
        <Box
          sx={{
            borderTop: 1,
            borderColor: 'rgba(255,255,255,0.2)',
            mt: 5,
            pt: 3,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Typography variant="body2" sx={{ color: footerMuted }}>
            {/* The year of the visit (issue 13 over the spec's 2024): a page for real families must not look abandoned. */}©{' '}
            {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </Typography>
          <Box sx={{ display: 'flex', gap: 3 }}>
            <Link href={paths.terms} color="inherit" underline="hover" variant="body2">
              Terms of Service
            </Link>
            <Link href={paths.privacy} color="inherit" underline="hover" variant="body2">
              Privacy Policy
            </Link>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}

/**
 * The spec's newsletter field and Subscribe button: the address is stored (with the time of consent)
 * and sent a confirmation with a link to unsubscribe; the status line says what happened.
 */
function NewsletterForm() {
  const inputId = useId();
  const hintId = useId();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The footer is on every page: its schema (and yup) load when someone subscribes, not with the app.
    const { newsletterSchema } = await import('@core/newsletter/newsletter-schemas');
    if (!newsletterSchema.isValidSync({ email })) {
      setNotice('Please enter a valid email address.');
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<MessageAnswer>('/api/newsletter', { method: 'POST', body: newsletterSchema.cast({ email }) });
      setNotice(answer.message);
      setEmail('');
    } catch (error) {
      setNotice(serverMessage(error, 'Your address could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Newsletter" sx={{ mt: 3 }}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 1, color: footerText }}>
        Get our newsletter
      </Typography>
      {/* The field never gets narrower than its placeholder: where both do not fit, the button goes below. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {/* A bare input, not a TextField: TextField brings MUI's whole Select stack to every page. The
            outlined one is what the guest pages' fields load anyway (the guest-ui chunk). */}
        <OutlinedInput
          id={inputId}
          type="email"
          name="email"
          size="small"
          placeholder="you@example.com"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          inputProps={{ 'aria-describedby': hintId }}
          sx={{ flex: '1 1 12rem', minWidth: 0, bgcolor: '#ffffff', '&:hover, &.Mui-focused': { bgcolor: '#ffffff' } }}
        />
        <Button type="submit" variant="contained" color="secondary" disabled={busy} sx={{ flexShrink: 0 }}>
          Subscribe
        </Button>
      </Box>
      <Typography id={hintId} variant="caption" sx={{ display: 'block', mt: 1, color: footerMuted }}>
        A few e-mails a year at most; each has a link to unsubscribe.
      </Typography>
      <Typography role="status" variant="body2" sx={{ mt: 1, color: footerMuted, minHeight: '1.5em' }}>
        {notice}
      </Typography>
    </Box>
  );
}

function SocialPlaceholders() {
  const networks = [
    { name: 'Facebook', icon: <FacebookIcon /> },
    { name: 'Instagram', icon: <InstagramIcon /> },
    { name: 'X', icon: <XIcon /> },
  ];
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {networks.map((network) => (
        <IconButton
          key={network.name}
          disabled
          aria-label={`${PRODUCT_NAME} on ${network.name} (coming soon)`}
          title={`${network.name} (coming soon)`}
          sx={{ color: footerMuted, '&.Mui-disabled': { color: footerMuted, opacity: 0.8 } }}
        >
          {network.icon}
        </IconButton>
      ))}
    </Box>
  );
}
