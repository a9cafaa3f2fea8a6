import type { User } from '../model/user';
import { celebration, greeting, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import { formatMoney, type Cents, type Currency } from '../money';
import type { MailMessage } from '../ports/mailer';
import { isManualPayoutMethod, type Registry } from '../model/registry';
import { unlinkedText } from '../unlinked-text';
import { howPaid } from '../mail/how-paid';
import { PROVIDER_UNAVAILABLE } from './transfer-outcome';
import { BANK_TIMING, CHECK_TIMING, PAYPAL_TIMING } from './payout-timing';

/** The payout timing of docs/product.md#constants-and-limits, in the words the registry page uses. */
const PAYOUT_TIMING = {
  paypal: `Your PayPal payment will be sent ${PAYPAL_TIMING}.`,
  check: `Your check will be ${CHECK_TIMING}.`,
} as const;

/** Where the family's money stands when the registry closes, as far as this server knows it. */
export type ClosingPayout = 'nothing' | 'paypal' | 'check' | 'bank-sent' | 'bank-refused' | 'bank-unconfirmed' | 'bank-sending';

export function closingPayoutOf(registry: Registry): ClosingPayout {
  if (!registry.payoutAmount) return 'nothing';
  if (isManualPayoutMethod(registry.payoutMethod)) return registry.payoutMethod;
  if (registry.payoutStatus === 'completed') return 'bank-sent';
  if (registry.transferFailureReason === PROVIDER_UNAVAILABLE) return 'bank-unconfirmed';
  if (registry.transferFailureReason) return 'bank-refused';
  return 'bank-sending';
}

interface Composed {
  to: User;
  /** The family's payout notices, or an administrator's notice of a payout to make. */
  kind: 'payout-notice' | 'admin-notice';
  supportEmail: string;
  subject: string;
  title: string;
  rows: [string, string][];
  lines: string[];
  /** A call to act, shown as a link: the registry page to try again, an admin page to pay. */
  link?: { text: string; url: string };
  footer: string;
}

/** An e-mail about a payout, to the owner or an administrator; a reply reaches support. */
function message({ to, kind, supportEmail, subject, title, rows, lines, link, footer }: Composed): MailMessage {
  const hello = greeting(to);
  const linkParagraph = link
    ? [`${escapeHtml(link.text)} <a href="${escapeHtml(link.url)}" style="color:#1e3a8a">${escapeHtml(link.url)}</a>`]
    : [];
  return {
    to: to.email,
    kind,
    replyTo: supportEmail,
    subject,
    text: [
      hello,
      '',
      ...lines.flatMap((line) => [line, '']),
      ...(link ? [`${link.text} ${link.url}`, ''] : []),
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      footer,
    ].join('\n'),
    html: layout(title, rows, [...[hello, ...lines].map(escapeHtml), ...linkParagraph], escapeHtml(footer)),
  };
}

const money = (cents: Cents | null, currency: Currency) => formatMoney(cents ?? 0, currency);

/** Whether the amounts at closing are the ones the family is paid: a refund can no longer come out of a payout sent or being sent. */
function settledAtClosing(payout: ClosingPayout): boolean {
  return payout === 'nothing' || payout === 'bank-sent' || payout === 'bank-sending';
}

/**
 * The owner's record of closing: what was received, how it is shared, and where the family's money
 * stands, told as it is. A bank transfer that went says so; one refused or unanswered says the
 * payout is pending (the payout issue e-mail says why and how to try again); PayPal and check give
 * the spec's timing; a registry nobody gave to has nothing to pay. Until the payout is on its way
 * a refund can still come out of it, so the amounts are those at closing and the registry page is
 * named for the amount as it stands (a refund the family did not make tells them the new one:
 * familyRefundNotice).
 */
export function registryClosedNotice(registry: Registry, owner: User, registryUrl: string, supportEmail: string): MailMessage {
  const payout = closingPayoutOf(registry);
  const family = money(registry.payoutAmount, registry.currency);
  const atClosing = settledAtClosing(payout) ? '' : ' at closing';
  const rows: [string, string][] =
    payout === 'nothing'
      ? [['Total received', money(registry.totalReceived, registry.currency)]]
      : [
          [`Total received${atClosing}`, money(registry.totalReceived, registry.currency)],
          [`To your family (90%)${atClosing}`, family],
          [`To charity (10%)${atClosing}`, money(registry.charityPayoutAmount, registry.currency)],
          ['Payout', howPaid(registry)],
        ];
  const news: Record<ClosingPayout, string> = {
    nothing: 'There were no gifts, so there is nothing to pay out.',
    paypal: PAYOUT_TIMING.paypal,
    check: PAYOUT_TIMING.check,
    'bank-sent': `Your payout of ${family} was sent to your verified bank account; banks usually show it ${BANK_TIMING}.`,
    'bank-refused': `The transfer of ${family} to your bank account did not go through, so your payout is pending. Nothing is lost: a separate e-mail says what happened and how to try again.`,
    'bank-unconfirmed': `The payment provider did not confirm the transfer of ${family} to your bank account, so your payout is pending. Nothing is lost, and trying again never pays twice: a separate e-mail says how.`,
    'bank-sending': `The transfer of ${family} to your verified bank account is on its way; we will e-mail you if anything holds it up.`,
  };
  const asItStands = settledAtClosing(payout)
    ? []
    : [
        'These are the amounts at closing. A gift refunded before your payout is sent comes out of it, so your registry page always shows the amount as it stands.',
      ];
  return message({
    to: owner,
    kind: 'payout-notice',
    supportEmail,
    subject: `${celebration(registry)}: registry closed`,
    title: 'Your registry is closed',
    rows,
    lines: [`The registry for ${celebration(registry)} is now closed, and no more gifts can be made.`, news[payout], ...asItStands],
    link:
      payout === 'nothing'
        ? undefined
        : { text: 'See the payout’s status and amount on your registry page at any time:', url: registryUrl },
    footer:
      payout === 'nothing'
        ? `Thank you for celebrating with ${PRODUCT}. Questions? Reply to this e-mail and our support team will answer.`
        : `The charities' 10% is paid to them by ${PRODUCT}. Questions? Reply to this e-mail and our support team will answer.`,
  });
}

/**
 * One failed bank transfer, told to the owner: the spec's words for it, what the provider said (or
 * that it did not answer), and the registry page, where Try again sends the transfer again.
 */
export function payoutIssueNotice(registry: Registry, owner: User, registryUrl: string, supportEmail: string): MailMessage {
  const family = money(registry.payoutAmount, registry.currency);
  const unconfirmed = registry.transferFailureReason === PROVIDER_UNAVAILABLE;
  const what = unconfirmed
    ? `The payment provider did not answer, so the transfer of ${family} to your bank account has not been confirmed.`
    : `Your bank did not accept the transfer of ${family}.`;
  const rows: [string, string][] = [
    ['Amount', family],
    ['Payout', howPaid(registry)],
    ...(registry.transferFailureMessage ? [['Details', registry.transferFailureMessage] as [string, string]] : []),
  ];
  return message({
    to: owner,
    kind: 'payout-notice',
    supportEmail,
    subject: `${celebration(registry)}: payout issue`,
    title: 'Payout Issue',
    rows,
    lines: [
      'There was an issue processing your payout.',
      what,
      'Nothing is lost: the family’s share stays safe until it reaches you, and trying again never pays twice.',
      'If your bank account has changed or was closed, update it from your registry page first, or have the payout sent by PayPal or a mailed check instead.',
    ],
    link: { text: 'To try again, open your registry page and choose Try again:', url: registryUrl },
    footer: 'If it does not go through, reply to this e-mail and our support team will help.',
  });
}

/** The owner's notice that the family's money is on its way. */
export function payoutSentNotice(registry: Registry, owner: User, supportEmail: string): MailMessage {
  return message({
    to: owner,
    kind: 'payout-notice',
    supportEmail,
    subject: `${celebration(registry)}: your payout was sent`,
    title: 'Your payout was sent',
    rows: [
      ['Amount', money(registry.payoutAmount, registry.currency)],
      ['Sent by', howPaid(registry)],
    ],
    lines: [`The family's share of the gifts to ${celebration(registry)} has been sent.`],
    footer: `If it has not arrived within a few business days, reply to this e-mail and we will look into it.`,
  });
}

/**
 * An administrator's notice that a closed registry's family payout is theirs to send by hand. It
 * names the Manual Payouts page instead of the amount: until an administrator claims the payout, a
 * refund can still lower it, and an e-mail cannot be taken back, while the page shows the amount
 * as it is, fixed from the claim on (docs/adr/0017-payouts-claimed-before-they-are-sent.md).
 */
export function manualPayoutWaitingNotice(
  registry: Registry,
  owner: User,
  admin: User,
  adminPageUrl: string,
  supportEmail: string,
): MailMessage {
  const how = registry.payoutMethod === 'paypal' ? 'PayPal payment' : 'check';
  return message({
    to: admin,
    kind: 'admin-notice',
    supportEmail,
    subject:
      registry.payoutMethod === 'paypal'
        ? `PayPal payout to send for ${celebration(registry)}`
        : `Check to mail for ${celebration(registry)}`,
    title: 'A family payout is waiting',
    rows: [
      ['Amount to send to the family', 'On the Manual Payouts page, once you claim it'],
      ['Send', howPaid(registry)],
      ['Registry owner', unlinkedText(owner.email)],
      ['Closed', registry.closedAt?.toISOString().slice(0, 10) ?? ''],
    ],
    lines: [
      `${celebration(registry)} has closed, and the family's share is waiting for a ${how}.`,
      registry.payoutMethod === 'paypal'
        ? `The family was told it will be sent ${PAYPAL_TIMING}.`
        : `The family was told it will be ${CHECK_TIMING}.`,
      'This e-mail gives no amount on purpose: a refund can still lower it until the payout is claimed. Claim it on the Manual Payouts page and send the amount shown there, which no longer changes.',
    ],
    link: { text: 'Claim it, send it, then mark it complete on the Manual Payouts page:', url: adminPageUrl },
    footer: `Sent to every ${PRODUCT} administrator.`,
  });
}

/** One charity's pending payout, as the daily line lists it. */
export interface PendingCharityLine {
  charityName: string;
  currency: Currency;
  giftCount: number;
}

/**
 * An administrator's daily line: which charities are waiting to be paid, while any are. It names
 * the Charity Payouts page for the amounts rather than stating them: each closing adds to a pending
 * payout and a refund after closing takes from it until it is claimed, and this e-mail cannot be
 * taken back, while the page shows each amount as it is, fixed from the claim on.
 */
export function charityPayoutsPendingNotice(
  pending: PendingCharityLine[],
  admin: User,
  day: string,
  adminPageUrl: string,
  supportEmail: string,
): MailMessage {
  const charities = pending.length === 1 ? '1 charity payout' : `${pending.length} charity payouts`;
  return message({
    to: admin,
    kind: 'admin-notice',
    supportEmail,
    subject: `Charity payouts pending on ${day}: ${charities}`,
    title: 'Charity payouts pending',
    rows: pending.map((line) => [
      line.charityName,
      `In ${line.currency}, ${line.giftCount === 1 ? '1 gift' : `${line.giftCount} gifts`} so far`,
    ]),
    lines: [
      `${charities} ${pending.length === 1 ? 'is' : 'are'} waiting to be paid.`,
      'This e-mail gives no amounts on purpose: a closing adds to a pending payout and a refund can take from it until it is claimed. Claim each one on the Charity Payouts page and pay the amount shown there, which no longer changes.',
    ],
    link: { text: 'Claim, pay, then mark each one completed on the Charity Payouts page:', url: adminPageUrl },
    footer: `Sent once a day to every ${PRODUCT} administrator while any charity payout is pending.`,
  });
}
