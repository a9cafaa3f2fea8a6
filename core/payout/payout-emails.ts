import type { User } from '../account/user';
import { celebration, layout, PRODUCT } from '../email-layout';
import { escapeHtml } from '../html';
import { formatMoney } from '../money';
import type { MailMessage } from '../ports/mailer';
import type { Registry } from '../registry/registry';

/** The spec's payout timing (section 9), in the words the registry page uses. */
export const PAYOUT_TIMING = {
  bank: 'The transfer goes to your verified bank account; banks usually show it within 2 business days.',
  paypal: 'Your PayPal payment will be sent within 3-5 business days.',
  check: 'Your check will be mailed within 5-7 business days after closing.',
} as const;

function howPaid(registry: Registry): string {
  if (registry.payoutMethod === 'paypal') return `PayPal to ${registry.paypalEmail ?? ''}`;
  if (registry.payoutMethod === 'check') {
    return `Check to ${registry.mailingName ?? ''}, ${registry.mailingAddress ?? ''}, ${registry.mailingCity ?? ''}, ${registry.mailingState ?? ''} ${registry.mailingZip ?? ''}, ${registry.mailingCountry}`;
  }
  return 'Bank transfer';
}

function message(owner: User, subject: string, title: string, rows: [string, string][], lines: string[], footer: string): MailMessage {
  const hello = `Hello ${owner.firstName?.trim() || owner.username},`;
  return {
    to: owner.email,
    subject,
    text: [hello, '', ...lines.flatMap((line) => [line, '']), ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join('\n'),
    html: layout(title, rows, [hello, ...lines].map(escapeHtml), escapeHtml(footer)),
  };
}

/** The owner's record of closing: what was received, how it is shared, and when the money comes. */
export function registryClosedNotice(registry: Registry, owner: User): MailMessage {
  const money = (cents: number | null) => formatMoney(cents ?? 0, registry.currency);
  const rows: [string, string][] = [
    ['Total received', money(registry.totalReceived)],
    ['To your family (90%)', money(registry.payoutAmount)],
    ['To charity (10%)', money(registry.charityPayoutAmount)],
    ['Payout', howPaid(registry)],
  ];
  const timing = registry.payoutAmount ? PAYOUT_TIMING[registry.payoutMethod ?? 'bank'] : 'There were no gifts, so there is nothing to pay out.';
  return message(
    owner,
    `${celebration(registry)}: registry closed`,
    'Your registry is closed',
    rows,
    [`The registry for ${celebration(registry)} is now closed, and no more gifts can be made.`, timing],
    `The charities' 10% is paid to them by ${PRODUCT}. You can see the payout's status on the registry page at any time.`,
  );
}

/** The owner's notice that the family's money is on its way. */
export function payoutSentNotice(registry: Registry, owner: User): MailMessage {
  const rows: [string, string][] = [
    ['Amount', formatMoney(registry.payoutAmount ?? 0, registry.currency)],
    ['Sent by', howPaid(registry)],
  ];
  return message(
    owner,
    `${celebration(registry)}: your payout was sent`,
    'Your payout was sent',
    rows,
    [`The family's share of the gifts to ${celebration(registry)} has been sent.`],
    `If it has not arrived within a few business days, reply to this e-mail and we will look into it.`,
  );
}
