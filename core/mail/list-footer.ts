import { colours } from '../design-tokens';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import { OPT_OUT_LABELS, type OptOutCategory } from '../model/mail-kinds';

export interface ListFooter {
  category: OptOutCategory;
  unsubscribeUrl: string;
  /** The sender's postal address (MAIL_POSTAL_ADDRESS), as the anti-spam laws ask of mail that is not transactional. */
  postalAddress: string;
}

/** What a person reads at the foot of a message they may stop: who sent it, where we are, and the one link that stops its kind. */
function footerLines({ category, postalAddress }: ListFooter): { why: string; stop: string; where: string } {
  return {
    why: `You receive this e-mail as ${OPT_OUT_LABELS[category]}.`,
    stop: `To receive no more ${OPT_OUT_LABELS[category]}, unsubscribe (one click, no sign-in):`,
    where: `${PRODUCT}, ${postalAddress}`,
  };
}

/**
 * The message with its footer: the unsubscribe link and the sender's postal address, after the
 * text and before the end of the HTML body (or after the HTML, when it has no body element).
 * Added by the mail worker as it sends, so no message of a category that may be stopped leaves
 * without one.
 */
export function withListFooter<M extends { text: string; html: string }>(message: M, footer: ListFooter): M {
  const lines = footerLines(footer);
  const text = `${message.text.replace(/\s+$/, '')}\n\n--\n${lines.why}\n${lines.stop}\n${footer.unsubscribeUrl}\n${lines.where}\n`;
  const block =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:0 16px 24px">` +
    `<p style="margin:0 auto;max-width:560px;color:${colours.inkMuted};font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5">` +
    `${escapeHtml(lines.why)} <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${colours.inkMuted}">Unsubscribe from these e-mails</a> (one click, no sign-in).<br>${escapeHtml(lines.where)}</p>` +
    `</td></tr></table>`;
  const end = message.html.lastIndexOf('</body>');
  const html = end >= 0 ? `${message.html.slice(0, end)}${block}${message.html.slice(end)}` : `${message.html}${block}`;
  return { ...message, text, html };
}
