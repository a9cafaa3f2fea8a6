import { useParams } from 'react-router';
import type { UnsubscribedAnswer } from '@api/mail';
import { isOptOutCategory, OPT_OUT_LABELS } from '@core/model/mail-kinds';
import { UNSUBSCRIBE_API_PREFIX } from '@core/mail/unsubscribe-link';
import { UnsubscribeCard } from '@/components/unsubscribe-card';
import { apiFetch } from '@/lib/api-fetch';
import { useConfig } from '@/lib/use-config';
import { useLinkAction } from '@/lib/use-link-action';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /unsubscribe/{category}#token=…: where an e-mail's unsubscribe link leads when opened in a
 * browser (docs/product.md#bounces-complaints-and-unsubscribes). It asks first, so a mail scanner
 * that opens links stops nothing; the button sends the same one-click POST a mailbox provider does.
 */
export default function MailUnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { category } = useParams<{ category: string }>();
  const known = isOptOutCategory(category) ? category : null;
  const { config } = useConfig();
  const { token, busy, outcome, run } = useLinkAction(
    (linkToken) => apiFetch<UnsubscribedAnswer>(`${UNSUBSCRIBE_API_PREFIX}${encodeURIComponent(linkToken)}`, { method: 'POST' }),
    'You could not be unsubscribed. Please try again.',
  );
  const support = config?.supportEmail;

  return (
    <UnsubscribeCard
      title="Unsubscribe"
      broken={
        token === null || known === null
          ? `This unsubscribe link does not work. Open the link from the e-mail again${support ? `, or write to ${support} and we will take your address off` : ''}.`
          : null
      }
      question={
        known
          ? `Stop ${OPT_OUT_LABELS[known]} to this address? It takes effect at once. Receipts and notices about your own gifts, payouts and account still come.`
          : null
      }
      busy={busy}
      outcome={outcome}
      run={run}
    />
  );
}
