import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import PhoneIcon from '@mui/icons-material/Phone';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import XIcon from '@mui/icons-material/X';
import { landingAnchors, paths } from '../../app/paths';
import { useUser } from '../../features/auth/api/use-user';
import { useConfig } from '../../features/config/api/use-config';
import { brand } from '../../app/theme';
import { PRODUCT_NAME } from '../../lib/product';

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

/** The footer of spec section 2. */
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
    { label: 'Security', href: paths.faq },
    { label: 'Privacy Policy', href: paths.faq },
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
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.6fr 1fr 1fr 1.4fr' },
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
              Gift registries for Bar and Bat Mitzvah celebrations, where every gift also supports
              a Jewish charity.
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
            © 2024 {PRODUCT_NAME}. All rights reserved.
          </Typography>
          <Box sx={{ display: 'flex', gap: 3 }}>
            <Link href={paths.faq} color="inherit" underline="hover" variant="body2">
              Terms of Service
            </Link>
            <Link href={paths.faq} color="inherit" underline="hover" variant="body2">
              Privacy Policy
            </Link>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}

/** The spec shows no submit behaviour for the newsletter; nothing is sent or stored. */
function NewsletterForm() {
  const inputId = useId();
  const [notice, setNotice] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('Newsletter sign-up is coming soon. Your address has not been saved.');
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Newsletter" sx={{ mt: 3 }}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 1, color: footerText }}>
        Get our newsletter
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          id={inputId}
          type="email"
          name="email"
          size="small"
          hiddenLabel
          variant="filled"
          placeholder="you@example.com"
          autoComplete="email"
          sx={{ '& .MuiFilledInput-root': { bgcolor: '#ffffff', '&:hover, &.Mui-focused': { bgcolor: '#ffffff' } } }}
        />
        <Button type="submit" variant="contained" color="secondary" sx={{ flexShrink: 0 }}>
          Subscribe
        </Button>
      </Box>
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
