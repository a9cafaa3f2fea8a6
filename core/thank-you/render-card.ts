import { escapeHtml } from '../html';
import { unlinkedHtml, unlinkedText } from '../unlinked-text';
import { CARD_TEMPLATE_STYLES, IMAGE_WIDTHS } from './card-templates';
import type { CardTemplate, ImageSize } from '../model/thank-you-note';
import { celebrationTitle, type CelebrationType } from '../model/celebration-title';
import { absolutePhotoUrl } from '../mail/photo-address';

export interface CardContent {
  templateId: CardTemplate;
  customMessage: string;
  imageUrls: string[];
  imageSize: ImageSize;
  childName: string;
  celebrationType: CelebrationType;
  giverName: string;
  /** A card for a gift given by hand: no charity had a part in that gift, so the card claims none. */
  givenByHand?: boolean;
}

export interface RenderedCard {
  subject: string;
  html: string;
  text: string;
}

/**
 * The one renderer of a thank-you card: the page's live preview shows exactly this HTML, and the
 * e-mail carries it. Tables and inline styles only, so mail clients show it as the family saw it;
 * everything the family or the giver typed is escaped, and no address in it becomes a link
 * (unlinked-text.ts).
 */
export function renderThankYouCard(card: CardContent, appUrl: string): RenderedCard {
  const style = CARD_TEMPLATE_STYLES[card.templateId];
  const celebration = celebrationTitle(card);
  const width = IMAGE_WIDTHS[card.imageSize];
  const paragraphs = card.customMessage
    .trim()
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 14px;font-size:16px;line-height:1.6;color:#1f2937">${unlinkedHtml(escapeHtml(paragraph)).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const photos = card.imageUrls
    .map((url) => absolutePhotoUrl(url, appUrl))
    .map(
      (url) =>
        `<img src="${escapeHtml(url)}" width="${width}" alt="A photo from ${escapeHtml(celebration)}" style="display:inline-block;width:${width}px;max-width:100%;height:auto;border-radius:10px;margin:6px;border:3px solid ${style.accent}">`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:0;background:${style.background};font-family:Georgia,'Times New Roman',serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${style.background};padding:24px 12px"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:16px;border-top:8px solid ${style.primary};border-bottom:8px solid ${style.accent}">
<tr><td style="padding:28px 28px 8px;text-align:center">
<p style="margin:0;font-size:13px;letter-spacing:2px;text-transform:uppercase;color:${style.accent};font-family:Arial,Helvetica,sans-serif">${unlinkedHtml(escapeHtml(celebration))}</p>
<h1 style="margin:8px 0 0;font-size:34px;color:${style.primary}">Thank You!</h1></td></tr>
<tr><td style="padding:16px 28px 8px">${paragraphs}</td></tr>
${photos ? `<tr><td style="padding:0 22px 16px;text-align:center">${photos}</td></tr>` : ''}
<tr><td style="padding:12px 28px 24px;text-align:center;font-size:12px;color:#6b7280;font-family:Arial,Helvetica,sans-serif">${card.givenByHand ? 'Made with Mitzvah Gifts.' : 'Sent with Mitzvah Gifts, where every gift also supports a Jewish charity.'}</td></tr>
</table></td></tr></table></body></html>`;
  const photoLines = card.imageUrls.length > 0 ? ['', 'Photos:', ...card.imageUrls.map((url) => absolutePhotoUrl(url, appUrl))] : [];
  return {
    subject: `A thank-you from ${unlinkedText(card.childName)}`,
    html,
    text: [
      `${unlinkedText(celebration)}: Thank You!`,
      '',
      unlinkedText(card.customMessage.trim()),
      ...photoLines,
      '',
      card.givenByHand ? 'Made with Mitzvah Gifts.' : 'Sent with Mitzvah Gifts.',
    ].join('\n'),
  };
}
