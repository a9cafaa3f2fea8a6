import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../lib/use-page-title';

/** A page with a heading and a short explanation (pages whose content comes later). */
export function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {children}
      </Typography>
    </Container>
  );
}
