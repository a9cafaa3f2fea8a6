import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useConfig } from '@/lib/use-config';
import { usePageTitle } from '@/lib/use-page-title';

/** The frame of a policy page: a title, an introduction and titled sections. */
export function PolicyPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1">{title}</Typography>
      <Typography sx={{ mt: 2, fontSize: '1.1rem' }} color="text.secondary">
        {intro}
      </Typography>
      <Box sx={{ mt: 4, display: 'grid', gap: 4, '& ul': { pl: 3, my: 1 }, '& li': { mb: 0.75 }, '& p': { lineHeight: 1.7 } }}>
        {children}
      </Box>
    </Container>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h2" sx={{ fontSize: '1.4rem', fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>{children}</Box>
    </Box>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography component="p">{children}</Typography>;
}

/** The support address from the server's configuration, as a mail link. */
export function SupportEmail() {
  const { config } = useConfig();
  if (!config) return <>our support address (in the footer)</>;
  return <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>;
}

/** Who answers privacy requests (PRIVACY_EMAIL, else the support address), as a mail link. */
export function PrivacyEmail() {
  const { config } = useConfig();
  if (!config) return <>our privacy contact (the support address in the footer)</>;
  return <Link href={`mailto:${config.privacyEmail}`}>{config.privacyEmail}</Link>;
}
