import type { UnsubscribedAnswer } from '@api/mail';
import { OPT_OUT_LABELS, type OptOutCategory } from '@core/model/mail-kinds';

export function presentUnsubscribed(category: OptOutCategory) {
  return {
    category,
    message: `You are unsubscribed: this address gets no more ${OPT_OUT_LABELS[category]}. Receipts and notices about your own gifts and payouts still come.`,
  } satisfies UnsubscribedAnswer;
}

export function presentMailEventsReceived(received: number) {
  return { received };
}
