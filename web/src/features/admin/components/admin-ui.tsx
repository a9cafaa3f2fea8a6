import type { ReactNode, Ref } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/load-error';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';

/** 'MMM d, yyyy', or an empty string for a missing date. */
export function formatAdminDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REGISTRY_DATE_FORMAT);
}

/** 'MMM d, yyyy at h:mm a' (the administrator's time zone), or an empty string for a missing time. */
export function formatAdminTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, `${REGISTRY_DATE_FORMAT} 'at' h:mm a`);
}

/** "1 contribution", "3 contributions". */
export function contributions(count: number): string {
  return `${count} ${count === 1 ? 'contribution' : 'contributions'}`;
}

export type PayoutBadgeState = 'pending' | 'sending' | 'completed';

/** Pending (gold, dark text), Being sent (blue, white text) or Completed (green, white text): all above 4.5:1. */
export function StatusBadge({ status }: { status: PayoutBadgeState }) {
  if (status === 'completed')
    return <Chip size="small" label="Completed" sx={{ fontWeight: 700, bgcolor: 'success.main', color: 'success.contrastText' }} />;
  if (status === 'sending')
    return <Chip size="small" label="Being sent" sx={{ fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText' }} />;
  return <Chip size="small" label="Pending" sx={{ fontWeight: 700, bgcolor: 'secondary.main', color: 'secondary.contrastText' }} />;
}

export function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ py: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{children}</Typography>
      </CardContent>
    </Card>
  );
}

/** A term and its value in a description list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A titled part of an admin page. A heading with a ref takes focus after an action removes the
 * item that had it, so keyboard users are not dropped at the top of the page.
 */
export function AdminSection({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 2 }}>
      <Typography
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        variant="h2"
        sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** An admin page: its title (also the document's), what it is for, and its sections. */
export function AdminPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, display: 'grid', gap: { xs: 4, md: 5 } }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {intro}
        </Typography>
      </Box>
      {children}
    </Container>
  );
}

/**
 * A list an administrator's page loads: the error with a way to try again, the spinner, what to
 * say when there is nothing, or the items as cards in a list ("We couldn't load the disputes.").
 */
export function LoadedList<T>({
  items,
  error,
  onRetry,
  what,
  empty,
  children,
}: {
  items: readonly T[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** What the list holds, in the plural: "disputes", "failed payouts". */
  what: string;
  empty: ReactNode;
  /** One item, as an <li>. */
  children: (item: T) => ReactNode;
}) {
  if (error) return <LoadError onRetry={onRetry}>We couldn't load the {what}.</LoadError>;
  if (!items) return <Loading label={`Loading ${what}…`} />;
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {items.map(children)}
    </Box>
  );
}
