import type { MessageAnswer } from '@api/registries';
import { UnsubscribeCard } from '@/components/unsubscribe-card';
import { apiFetch } from '@/lib/api-fetch';
import { useLinkAction } from '@/lib/use-link-action';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /newsletter/unsubscribe#token=…: the link in the newsletter confirmation. It waits for a click, so
 * a mail program that opens links by itself to check them unsubscribes nobody.
 */
export default function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { token, busy, outcome, run } = useLinkAction(
    (linkToken) => apiFetch<MessageAnswer>('/api/newsletter/unsubscribe', { method: 'POST', body: { token: linkToken } }),
    'You could not be unsubscribed. Please try again.',
  );

  return (
    <UnsubscribeCard
      title="Unsubscribe from our newsletter"
      broken={token === null ? 'This link is incomplete. Open the link from the e-mail again.' : null}
      question="Your address will be removed from our newsletter list."
      busy={busy}
      outcome={outcome}
      run={run}
    />
  );
}
