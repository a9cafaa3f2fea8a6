import type { Charity } from '../model/charity';
import type { Gift } from '../model/gift';
import { escapeHtml } from '../html';
import { unlinkedText } from '../unlinked-text';
import { celebration, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { formatMoney } from '../money';
import type { MailMessage } from '../ports/mailer';
import type { Registry } from '../model/registry';
import type { Receipt } from '../model/receipt';
import { overReceiptThreshold, TAX_RECEIPT_THRESHOLD_CENTS } from './receipt-threshold';

/** "December 2, 2026": a receipt's day (YYYY-MM-DD) as its words say it. */
export function receiptDate(issuedOn: string): string {
  return new Date(`${issuedOn}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/** The charity's address on one line, as a receipt's text states it. */
function oneLine(address: string): string {
  return address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * What the giver's receipt e-mail says of the tax side of the gift, paragraph by paragraph; empty
 * for a gift under the threshold. With a receipt, it is the acknowledgment the platform gives as
 * the charity's agent: for a US charity the written acknowledgment the IRS asks for (Publication
 * 1771); for a Canadian one an acknowledgment only, since only the registered charity issues the
 * official receipt (CRA). Without the charity's details, the charity sends its own receipt and we
 * promise none.
 */
export function receiptParagraphs(
  gift: Gift,
  charity: Charity,
  receipt: Receipt | null,
): { heading: string | null; rows: [string, string][]; paragraphs: string[] } {
  if (!overReceiptThreshold(gift.amount)) return { heading: null, rows: [], paragraphs: [] };
  const money = (cents: number) => formatMoney(cents, gift.currency);
  if (!receipt) {
    return {
      heading: null,
      rows: [],
      paragraphs: [
        `Because your gift is over ${money(TAX_RECEIPT_THRESHOLD_CENTS)}, its 10% to ${charity.name}, ${money(gift.charityAmount)}, is a donation to that charity. This e-mail is not a tax receipt: ${charity.name} will send its own receipt for it. The family's 90% and the fees are not donations and are not tax-deductible.`,
      ],
    };
  }
  const name = receipt.charityLegalName;
  const idLabel = receipt.charityCountry === 'US' ? 'EIN' : 'Registration number';
  const rows: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Charity', name],
    [idLabel, receipt.charityTaxId],
    ['Charity address', oneLine(receipt.charityAddress)],
    ['Donor', unlinkedText(receipt.giverName)],
    ['Date of donation', receiptDate(receipt.issuedOn)],
    ['Amount of donation', money(receipt.amount)],
  ];
  const paragraphs = [
    `${PRODUCT} collected ${money(receipt.amount)}, the 10% of your gift that goes to ${name}, as ${name}'s agent under its agreement with us, and pays it to the charity.`,
    `No goods or services were received in exchange for this donation. Only the charity's 10% is a donation: the family's 90% (${money(gift.childAmount)}) and the fees (${money(gift.platformFee + gift.cardFee)}) are not tax-deductible.`,
    receipt.charityCountry === 'US'
      ? `This is your written acknowledgment of the donation from ${name} (${idLabel} ${receipt.charityTaxId}). Keep this e-mail with your tax records.`
      : `This is an acknowledgment of your donation. This is not an official receipt for income tax purposes; ${name} will issue your official receipt.`,
  ];
  const heading = receipt.charityCountry === 'US' ? `Written acknowledgment ${receipt.number}` : `Acknowledgment ${receipt.number}`;
  return { heading, rows, paragraphs };
}

/** Why a receipt was voided, as its notice says it. */
export type VoidReason = 'refunded' | 'dispute-lost';

/**
 * The giver's notice that their receipt no longer stands: the gift was refunded, or the bank took
 * the payment back (a lost dispute). Names the receipt's number, so the giver can strike it from
 * their records; replies go to support.
 */
export function receiptVoidNotice(receipt: Receipt, gift: Gift, registry: Registry, reason: VoidReason, supportEmail: string): MailMessage {
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  const dear = `Dear ${unlinkedText(receipt.giverName)},`;
  const why =
    reason === 'refunded'
      ? `Your gift to ${celebration(registry)} was refunded, so ${receipt.charityLegalName} received no part of it as your donation.`
      : `The payment for your gift to ${celebration(registry)} was taken back through your bank, so ${receipt.charityLegalName} received no part of it as your donation.`;
  const news = `${why} Receipt ${receipt.number} of ${receiptDate(receipt.issuedOn)}, for ${money(receipt.amount)}, is void: please do not use it for your taxes.`;
  const rows: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Status', 'Void'],
    ['Charity', receipt.charityLegalName],
    ['Amount', money(receipt.amount)],
  ];
  const footer = 'Questions about this? Reply to this e-mail and our support team will answer.';
  return {
    to: gift.giftGiverEmail,
    kind: 'gift-receipt',
    replyTo: supportEmail,
    subject: `Receipt ${receipt.number} is void`,
    text: [dear, '', news, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', footer].join('\n'),
    html: layout(`Receipt ${receipt.number} is void`, rows, [escapeHtml(dear), escapeHtml(news)], escapeHtml(footer)),
  };
}
