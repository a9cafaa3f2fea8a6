import type { User } from '../model/user';
import { greeting, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import type { MailMessage } from '../ports/mailer';
import type { ReconciliationDifference } from '../model/reconciliation';

/**
 * The administrators' e-mail about differences a reconciliation found for the first time: each
 * is listed in the run that finds it, and never again.
 */
export function reconciliationDifferencesNotice(
  day: string,
  differences: readonly ReconciliationDifference[],
  admin: User,
  financePageUrl: string,
  supportEmail: string,
): MailMessage {
  const count = differences.length === 1 ? '1 difference' : `${differences.length} differences`;
  const hello = greeting(admin);
  const intro = `Reconciling ${day} (UTC) with the payment provider found ${count} between its balance and our ledger that no earlier run had found:`;
  const link = 'Each is listed, with the day it was found, on the Finance page:';
  const footer = `Sent to every ${PRODUCT} administrator once for each difference, the first time a daily reconciliation finds it.`;
  return {
    to: admin.email,
    kind: 'admin-notice',
    replyTo: supportEmail,
    subject: `Reconciliation of ${day}: ${count} with the payment provider`,
    text: [
      hello,
      '',
      intro,
      '',
      ...differences.map((difference) => `- ${difference.description}`),
      '',
      `${link} ${financePageUrl}`,
      '',
      footer,
    ].join('\n'),
    html: layout(
      'Differences with the payment provider',
      [],
      [
        escapeHtml(hello),
        escapeHtml(intro),
        `<ul style="margin:0;padding-left:20px">${differences.map((difference) => `<li>${escapeHtml(difference.description)}</li>`).join('')}</ul>`,
        `${escapeHtml(link)} <a href="${escapeHtml(financePageUrl)}" style="color:#1e3a8a">${escapeHtml(financePageUrl)}</a>`,
      ],
      escapeHtml(footer),
    ),
  };
}
