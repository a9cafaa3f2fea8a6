import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One titled card of the account page. */
export function AccountSection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.35rem', fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
