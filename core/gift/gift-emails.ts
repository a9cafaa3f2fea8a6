import type { User } from '../model/user';
import type { Charity } from '../model/charity';
import { escapeHtml } from '../html';
import { unlinkedText } from '../unlinked-text';
import { celebration, greeting, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { formatMoney, type Cents } from '../money';
import type { MailMessage } from '../ports/mailer';
import type { Registry } from '../model/registry';
import type { Receipt } from '../model/receipt';
import { receiptParagraphs } from '../receipt/receipt-emails';
import type { Gift } from '../model/gift';

/**
 * "Dear Miriam,": the giver's name, to the address the giver typed, which may be anyone's: nothing
 * in it becomes a link (unlinked-text.ts).
 */
function dearGiver(gift: Gift): string {
  return `Dear ${unlinkedText(gift.giftGiverName)},`;
}

/**
 * The giver's receipt: what they gave, how it splits, what they paid and where the 10% goes, and
 * for a gift over the threshold what of it is a donation and who acknowledges it (with the
 * charity's receipt when one was issued); replies go to support.
 */
export function giftReceipt(
  gift: Gift,
  registry: Registry,
  charity: Charity,
  supportEmail: string,
  receipt: Receipt | null = null,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, gift.currency);
  const total = gift.amount + gift.platformFee + gift.cardFee;
  const rows: [string, string][] = [
    ['Your gift', money(gift.amount)],
    ['To the family (90%)', money(gift.childAmount)],
    [`To ${charity.name} (10%)`, money(gift.charityAmount)],
    ['Platform fee (flat)', money(gift.platformFee)],
    ['Card processing fee', money(gift.cardFee)],
    ['Total charged', money(total)],
  ];
  const tax = receiptParagraphs(gift, charity, receipt);
  const dear = dearGiver(gift);
  const thanks = `Thank you for your gift to ${celebration(registry)}. Your payment went through, and here is how it is shared.`;
  const footer = `This receipt was sent because a gift was made with this address on ${PRODUCT}. Nothing is taken from the family's 90% or the charity's 10%: the fees above are paid on top.`;
  const text = [
    dear,
    '',
    thanks,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(tax.heading ? ['', tax.heading.toUpperCase()] : []),
    ...tax.rows.map(([label, value]) => `${label}: ${value}`),
    ...tax.paragraphs.flatMap((paragraph) => ['', paragraph]),
    '',
    footer,
  ].join('\n');
  const paragraphs = [escapeHtml(dear), escapeHtml(thanks)];
  // The acknowledgment after the gift's own figures: a table of what it states, then its words.
  const acknowledgment = [
    ...(tax.heading ? [`<h2 style="margin:0;font-size:18px">${escapeHtml(tax.heading)}</h2>`] : []),
    ...(tax.rows.length > 0 ? [receiptTable(tax.rows)] : []),
    ...tax.paragraphs.map((paragraph) => `<strong>${escapeHtml(paragraph)}</strong>`),
  ];
  return {
    to: gift.giftGiverEmail,
    kind: 'gift-receipt',
    replyTo: supportEmail,
    subject: `Your gift to ${celebration(registry)}: receipt`,
    text,
    html: layout('Thank you for your gift', rows, paragraphs, escapeHtml(footer), acknowledgment),
  };
}

function receiptTable(rows: [string, string][]): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0">${rows.map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`).join('')}</table>`;
}

/**
 * The family's notice of a new gift, with the giver's words and a link to the registry; replies go
 * to support. The giver is a stranger to us: nothing they wrote becomes a link (unlinked-text.ts).
 */
export function giftNotice(
  gift: Gift,
  registry: Registry,
  charity: Charity,
  owner: User,
  registryUrl: string,
  supportEmail: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, gift.currency);
  const giver = unlinkedText(gift.giftGiverName);
  const rows: [string, string][] = [
    ['From', giver],
    ['Gift', money(gift.amount)],
    ['To the family (90%)', money(gift.childAmount)],
    [`To ${charity.name} (10%)`, money(gift.charityAmount)],
  ];
  const hello = greeting(owner);
  const news = `${giver} just gave a gift to ${celebration(registry)}.`;
  const message = gift.personalMessage ? `Their message: “${unlinkedText(gift.personalMessage)}”` : null;
  const link = `See every gift and send thank-you cards on your registry: ${registryUrl}`;
  const text = [
    hello,
    '',
    news,
    ...(message ? ['', message] : []),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    link,
  ].join('\n');
  const paragraphs = [escapeHtml(hello), escapeHtml(news), ...(message ? [`<em>${escapeHtml(message)}</em>`] : [])];
  const footer = `See every gift and send thank-you cards on <a href="${escapeHtml(registryUrl)}" style="color:#1e3a8a">your registry</a>.`;
  return {
    to: owner.email,
    kind: 'gift-notice',
    replyTo: supportEmail,
    subject: `New gift from ${giver} for ${celebration(registry)}`,
    text,
    html: layout('A new gift arrived', rows, paragraphs, footer),
  };
}

/** When a payment arrives after the registry closed, the giver learns it was returned in full; replies go to support. */
export function giftRefundNotice(gift: Gift, registry: Registry, supportEmail: string): MailMessage {
  const money = (cents: number) => formatMoney(cents, gift.currency);
  const total = gift.amount + gift.platformFee + gift.cardFee;
  const dear = dearGiver(gift);
  const news = `${celebration(registry)} closed before your payment went through, so it could not accept your gift. We have refunded the full ${money(total)} to your card; depending on your bank it appears within 5 to 10 business days.`;
  const footer = 'No fees were kept. If you would still like to send a gift, please contact the family directly.';
  return {
    to: gift.giftGiverEmail,
    kind: 'refund-notice',
    replyTo: supportEmail,
    subject: `Your payment to ${celebration(registry)} was refunded`,
    text: [dear, '', news, '', `Refunded: ${money(total)}`, '', footer].join('\n'),
    html: layout('Your payment was refunded', [['Refunded', money(total)]], [escapeHtml(dear), escapeHtml(news)], escapeHtml(footer)),
  };
}

/**
 * A paid gift given back by the family or the site: the giver learns how much comes back to their
 * card (all they paid, fees included) and when to expect it; the reason stays in the audit trail.
 */
export function giftRefundedNotice(gift: Gift, registry: Registry, supportEmail: string): MailMessage {
  const money = (cents: number) => formatMoney(cents, gift.currency);
  const total = gift.amount + gift.platformFee + gift.cardFee;
  const rows: [string, string][] = [
    ['Your gift', money(gift.amount)],
    ['Fees you paid', money(gift.platformFee + gift.cardFee)],
    ['Refunded', money(total)],
  ];
  const dear = dearGiver(gift);
  const news = `Your gift to ${celebration(registry)} has been refunded. We have returned the full ${money(total)} you paid, fees included, to the card you paid with; depending on your bank it appears within 5 to 10 business days.`;
  const footer =
    'Nothing of this gift goes to the family or to the charity. If you have a question about this refund, reply to this e-mail.';
  return {
    to: gift.giftGiverEmail,
    kind: 'refund-notice',
    replyTo: supportEmail,
    subject: `Your gift to ${celebration(registry)} was refunded`,
    text: [dear, '', news, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join('\n'),
    html: layout('Your gift was refunded', rows, [escapeHtml(dear), escapeHtml(news)], escapeHtml(footer)),
  };
}

/**
 * Who gave a gift back, told to the family members who did not: support (an administrator),
 * someone at the payment provider, or one of the family (the owner or a co-owner, by name).
 */
export type RefundedBy = 'support' | 'provider' | { familyMember: string };

/**
 * The family's notice that one of their gifts was given back without them: by an administrator
 * (the giver asked support, say), at the payment provider, or by another of the family (a co-owner
 * refunding after closing changes the payout the owner waits for). Whoever refunded is not told:
 * they made it. Replies go to support. `registry` is as the refund left it: after
 * closing the notice states the family's payout as it now stands, since the closing e-mail gave
 * the amount at closing (registryClosedNotice). A gift held back at closing and won since was to
 * be paid in a follow-up payout of its own (`cancelledFollowUp`), which the family was told of
 * (disputeEndedFamilyNotice): the notice says it will not be sent.
 */
export function familyRefundNotice(
  gift: Gift,
  registry: Registry,
  member: User,
  by: RefundedBy,
  supportEmail: string,
  cancelledFollowUp: Cents | null = null,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, gift.currency);
  // Refunded at the platform's cost (a payout was already claimed or sent): the family and the charity keep their parts.
  const kept = gift.refundedAtPlatformCost;
  const giver = unlinkedText(gift.giftGiverName);
  const payout = registry.status === 'open' ? null : money(registry.payoutAmount ?? 0);
  const rows: [string, string][] = [
    ['From', giver],
    ['Gift refunded', money(gift.amount)],
    [kept ? 'Your family keeps (90%)' : 'Was to your family (90%)', money(gift.childAmount)],
    [kept ? 'The charity keeps (10%)' : 'Was to charity (10%)', money(gift.charityAmount)],
    ...(payout ? [[kept ? 'Your family’s payout' : 'Your family’s payout now', payout] as [string, string]] : []),
  ];
  const hello = greeting(member);
  const who =
    by === 'support'
      ? 'Our support team refunded'
      : by === 'provider'
        ? 'The payment provider refunded'
        : `${unlinkedText(by.familyMember)}, who manages this registry with you, refunded`;
  const news = `${who} the gift of ${money(gift.amount)} that ${giver} gave to ${celebration(registry)}; the giver gets back everything they paid.`;
  const counts = kept
    ? 'Your payout was already on its way, so the platform bears this refund: your family’s 90% and the charity’s 10% stay as they were. The gift stays in your gift list, marked Refunded.'
    : 'The gift no longer counts in the registry’s Total Received, nor in your family’s 90% or the charity’s 10%. It stays in your gift list, marked Refunded.';
  const now =
    payout && !kept
      ? cancelledFollowUp !== null
        ? [
            `Its ${money(cancelledFollowUp)} was to be paid to your family on its own, after the bank decided for the gift; that payment will not be sent now. The rest of your payout, ${payout}, is as it was.`,
          ]
        : [`Your family’s payout is now ${payout}, as your registry page shows: this replaces the amount the closing e-mail gave.`]
      : [];
  const footer = 'Questions about this refund? Reply to this e-mail and our support team will answer.';
  const lines = [news, counts, ...now];
  return {
    to: member.email,
    kind: 'refund-notice',
    replyTo: supportEmail,
    subject: `A gift to ${celebration(registry)} was refunded`,
    text: [hello, '', ...lines.flatMap((line) => [line, '']), ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join('\n'),
    html: layout('A gift was refunded', rows, [hello, ...lines].map(escapeHtml), escapeHtml(footer)),
  };
}
