import type { User } from '../model/user';
import { celebration, greeting, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import type { Gift } from '../model/gift';
import { escapeHtml } from '../html';
import { formatMoney } from '../money';
import type { MailMessage } from '../ports/mailer';
import type { Registry } from '../model/registry';
import { howPaid } from '../mail/how-paid';
import { unlinkedText } from '../unlinked-text';
import { disputeOutcome, type Dispute, type FollowUpPayout } from '../model/dispute';

/** How long a card issuer usually takes to decide a chargeback (60 to 75 days), in the family's words. */
export const DISPUTE_DECIDED_WITHIN_DAYS = 75;

/** Where a follow-up payout goes, as the family chose for the registry's payout. */
function followUpRoute(followUp: FollowUpPayout, registry: Registry): string {
  if (followUp.method === 'bank') return 'by bank transfer to your verified bank account';
  if (followUp.method === 'paypal')
    return `by PayPal to ${registry.paypalEmail ? unlinkedText(registry.paypalEmail) : 'your PayPal account'}`;
  return 'by check, mailed to the address you gave';
}

/** The card issuer's reason codes, as a person reads them. */
const REASONS: Record<string, string> = {
  bank_cannot_process: 'The bank cannot process it',
  credit_not_processed: 'The giver says a refund was not made',
  customer_initiated: 'The giver asked their bank',
  debit_not_authorized: 'The giver says they did not authorize it',
  duplicate: 'The giver says they were charged twice',
  fraudulent: 'The cardholder says they did not make it',
  general: 'No reason given',
  incorrect_account_details: 'Wrong account details',
  insufficient_funds: 'Insufficient funds',
  product_not_received: 'The giver says nothing was received',
  product_unacceptable: 'The giver says it was not as described',
  subscription_canceled: 'The giver says they cancelled',
  unrecognized: 'The giver does not recognize the charge',
};

export function disputeReasonText(reason: string): string {
  return REASONS[reason] ?? reason.replaceAll('_', ' ');
}

function day(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : 'Not given';
}

/** The giver's name, as the giver typed it: someone else's words in every e-mail below, so it becomes no link. */
function giverOf(gift: Gift): string {
  return unlinkedText(gift.giftGiverName);
}

/** Every administrator hears of a new dispute at once: evidence has a deadline. */
export function disputeOpenedAdminNotice(
  dispute: Dispute,
  gift: Gift,
  registry: Registry,
  admin: User,
  adminPageUrl: string,
  supportEmail: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, dispute.currency);
  const rows: [string, string][] = [
    ['Gift', `${money(gift.amount)} from ${giverOf(gift)} (${unlinkedText(gift.giftGiverEmail)})`],
    ['Disputed amount', money(dispute.amount)],
    ['Reason', disputeReasonText(dispute.reason)],
    ['Evidence due', day(dispute.evidenceDueBy)],
    ['Registry', `${celebration(registry)} (${registry.shortCode})`],
  ];
  const news =
    dispute.phase === 'held'
      ? `The giver's card issuer disputed a gift to ${celebration(registry)}. The registry is open, so the gift is held out of the family's and the charity's amounts until the dispute is decided.`
      : `The giver's card issuer disputed a gift to ${celebration(registry)}, whose money was already promised or paid out. If the dispute is lost, the platform bears the loss; for a bank payout you may reverse the family's transfer.`;
  const ask = `Send evidence before ${day(dispute.evidenceDueBy)} on the Disputes page: ${adminPageUrl}`;
  return {
    to: admin.email,
    kind: 'admin-notice',
    replyTo: supportEmail,
    subject: `Gift disputed: ${money(dispute.amount)} from ${giverOf(gift)} to ${celebration(registry)}`,
    text: [greeting(admin), '', news, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', ask].join('\n'),
    html: layout(
      'A gift was disputed',
      rows,
      [escapeHtml(greeting(admin)), escapeHtml(news)],
      `Send evidence before ${escapeHtml(day(dispute.evidenceDueBy))} on <a href="${escapeHtml(adminPageUrl)}" style="color:#1e3a8a">the Disputes page</a>. Sent to every ${PRODUCT} administrator.`,
    ),
  };
}

/** The family's notice that a giver's bank disputed a gift: what it means for what they are paid, and that they need do nothing. */
export function disputeOpenedFamilyNotice(
  dispute: Dispute,
  gift: Gift,
  registry: Registry,
  member: User,
  supportEmail: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, registry.currency);
  const rows: [string, string][] = [
    ['From', giverOf(gift)],
    ['Gift disputed', money(gift.amount)],
    ['To your family (90%)', money(gift.childAmount)],
    ['To charity (10%)', money(gift.charityAmount)],
  ];
  const news = `The bank of ${giverOf(gift)} has disputed the gift of ${money(gift.amount)} they gave to ${celebration(registry)}: it asks for the payment back.`;
  const counts =
    dispute.phase === 'held'
      ? 'Until the bank decides, the gift does not count in the registry’s Total Received, nor in your family’s 90% or the charity’s 10%. It stays in your gift list, marked Disputed.'
      : 'The gift was already counted in your payout, and your payout stays as it is for now. If it is affected, our support team will write to you first.';
  const what =
    dispute.phase === 'held'
      ? `Our team answers the bank for you. It does not hold up the rest: you can close the registry whenever you are ready and be paid everything else as usual. Only this gift’s ${money(gift.childAmount)} for your family waits for the bank, which usually decides within ${DISPUTE_DECIDED_WITHIN_DAYS} days; if it decides for the gift, we pay it to you then, on its own. We will write when it decides.`
      : 'Our team answers the bank for you; there is nothing you need to do. We will write again when the bank decides, which usually takes up to 75 days.';
  const footer = 'Questions about this dispute? Reply to this e-mail and our support team will answer.';
  return {
    to: member.email,
    kind: 'dispute-notice',
    replyTo: supportEmail,
    subject: `A gift to ${celebration(registry)} was disputed`,
    text: [greeting(member), '', news, '', counts, '', what, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join(
      '\n',
    ),
    html: layout(
      'A gift was disputed',
      rows,
      [escapeHtml(greeting(member)), escapeHtml(news), escapeHtml(counts), escapeHtml(what)],
      escapeHtml(footer),
    ),
  };
}

/** How the dispute ended, for the family: won, the gift counts again; lost, it went back to the giver's card. */
export function disputeEndedFamilyNotice(
  dispute: Dispute,
  gift: Gift,
  registry: Registry,
  member: User,
  supportEmail: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, registry.currency);
  const won = disputeOutcome(dispute) === 'won';
  const rows: [string, string][] = [
    ['From', giverOf(gift)],
    ['Gift', money(gift.amount)],
    ['Decision', won ? 'Kept: the gift counts' : 'Returned to the giver'],
  ];
  const news = won
    ? `Good news: the bank of ${giverOf(gift)} decided their dispute of the ${money(gift.amount)} gift to ${celebration(registry)} in the gift’s favour.`
    : `The bank of ${giverOf(gift)} decided their dispute of the ${money(gift.amount)} gift to ${celebration(registry)} in the giver’s favour, and the payment went back to their card.`;
  const counts = won
    ? dispute.followUp
      ? `The registry closed while the bank decided, so the gift was held back then. Its ${money(dispute.followUp.amount)} for your family is now paid to you on its own, ${followUpRoute(dispute.followUp, registry)}, and the charity’s ${money(gift.charityAmount)} joins the charity’s next payout.`
      : dispute.phase === 'held'
        ? 'The gift counts again in the registry’s Total Received, your family’s 90% and the charity’s 10%.'
        : 'Your payout is not affected.'
    : dispute.phase === 'held'
      ? registry.status === 'open'
        ? 'The gift does not count in the registry’s Total Received, nor in your family’s 90% or the charity’s 10%. It stays in your gift list, marked Disputed.'
        : 'The gift was held back when the registry closed, so the rest of your payout is not affected. It stays in your gift list, marked Disputed.'
      : 'The gift had already been paid out with the rest. If this changes anything for your payout, our support team will write to you first.';
  const footer = 'Questions about this dispute? Reply to this e-mail and our support team will answer.';
  return {
    to: member.email,
    kind: 'dispute-notice',
    replyTo: supportEmail,
    subject: won
      ? `The disputed gift to ${celebration(registry)} was kept`
      : `The disputed gift to ${celebration(registry)} was returned to the giver`,
    text: [greeting(member), '', news, '', counts, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join('\n'),
    html: layout(
      won ? 'The disputed gift was kept' : 'The disputed gift was returned',
      rows,
      [escapeHtml(greeting(member)), escapeHtml(news), escapeHtml(counts)],
      escapeHtml(footer),
    ),
  };
}

/** The family's notice that their part of a lost dispute's gift was taken back from their bank transfer. */
export function transferReversedFamilyNotice(
  dispute: Dispute,
  gift: Gift,
  registry: Registry,
  member: User,
  amount: number,
  supportEmail: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, registry.currency);
  const rows: [string, string][] = [
    ['From', giverOf(gift)],
    ['Gift returned to the giver', money(gift.amount)],
    ['Taken back from your payout', money(amount)],
  ];
  const news = `The bank of ${giverOf(gift)} decided their dispute of the ${money(gift.amount)} gift to ${celebration(registry)} in the giver’s favour, and the payment went back to their card.`;
  const taken = `Your family had already been paid its 90% of that gift by bank transfer, so we have taken ${money(amount)} back from that transfer. The rest of your payout is not affected, and the charity’s share was not taken from you.`;
  const footer = 'Questions about this? Reply to this e-mail and our support team will answer.';
  return {
    to: member.email,
    kind: 'dispute-notice',
    replyTo: supportEmail,
    subject: `${money(amount)} of your payout for ${celebration(registry)} was taken back`,
    text: [greeting(member), '', news, '', taken, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join('\n'),
    html: layout(
      'Part of your payout was taken back',
      rows,
      [escapeHtml(greeting(member)), escapeHtml(news), escapeHtml(taken)],
      escapeHtml(footer),
    ),
  };
}

/**
 * Every administrator's notice that a won dispute's follow-up payout is theirs to send by PayPal or
 * check. It names the Disputes page instead of the amount, as the Manual Payouts notice does: until
 * an administrator claims it, a refund of the gift cancels it, and an e-mail cannot be taken back.
 */
export function followUpWaitingAdminNotice(
  dispute: Dispute,
  gift: Gift,
  registry: Registry,
  owner: User | null,
  admin: User,
  adminPageUrl: string,
  supportEmail: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, registry.currency);
  const rows: [string, string][] = [
    ['Amount to send to the family', 'On the Disputes page, once you claim it'],
    ['Send', howPaid(registry, dispute.followUp?.method === 'paypal' ? 'paypal' : 'check')],
    ['Registry owner', unlinkedText(owner?.email ?? '')],
    ['Gift', `${money(gift.amount)} from ${giverOf(gift)}`],
  ];
  const news = `The bank decided the dispute of a gift to ${celebration(registry)} in the gift’s favour after the registry closed. Closing held the gift back, so the family’s part of it is a payout of its own, to send now; the charity’s part joined its pending charity payout.`;
  const why =
    'This e-mail gives no amount on purpose: a refund of the gift cancels the follow-up until it is claimed. Claim it on the Disputes page and send the amount shown there.';
  const ask = `Claim it, send it, then mark it sent with the PayPal transaction ID or check number on the Disputes page: ${adminPageUrl}`;
  return {
    to: admin.email,
    kind: 'admin-notice',
    replyTo: supportEmail,
    subject: `Follow-up payout to send for ${celebration(registry)}`,
    text: [greeting(admin), '', news, '', why, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', ask].join('\n'),
    html: layout(
      'A follow-up payout is waiting',
      rows,
      [escapeHtml(greeting(admin)), escapeHtml(news), escapeHtml(why)],
      `Claim it, send it, then mark it sent on <a href="${escapeHtml(adminPageUrl)}" style="color:#1e3a8a">the Disputes page</a>. Sent to every ${PRODUCT} administrator.`,
    ),
  };
}
