import { DEFAULT_LOCALE, OFFERED_LOCALES, type Locale } from './locales';

interface Preference {
  language: string;
  quality: number;
  order: number;
}

// "fr-CA;q=0.8": a language range, then an optional weight between 0 and 1 (RFC 9110 §12.5.4).
const RANGE = /^([a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)$/i;
const WEIGHT = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

function preferences(header: string): Preference[] {
  const read: Preference[] = [];
  header.split(',').forEach((part, order) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!RANGE.test(range)) return;
    let quality = 1;
    for (const param of params) {
      const weight = WEIGHT.exec(param);
      if (weight) quality = Number(weight[1]);
    }
    if (quality > 0) read.push({ language: range.toLowerCase().split('-')[0]!, quality, order });
  });
  return read.sort((a, b) => b.quality - a.quality || a.order - b.order);
}

/**
 * The language to answer an Accept-Language header in: the visitor's most wanted language among
 * those offered (fr-CA and fr-FR both ask for `fr`), else the default. Pure, so the server, the
 * mail worker and tests agree; a malformed header is read as far as it makes sense, never refused.
 */
export function negotiateLocale(header: string | null | undefined, offered: readonly Locale[] = OFFERED_LOCALES): Locale {
  if (!header) return offered.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (offered[0] ?? DEFAULT_LOCALE);
  for (const { language } of preferences(header)) {
    if (language === '*') break;
    const match = offered.find((locale) => locale === language);
    if (match) return match;
  }
  return offered.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (offered[0] ?? DEFAULT_LOCALE);
}
