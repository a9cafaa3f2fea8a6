/**
 * The languages the product is written in: `en` (as it has always read) and `fr`, Canadian French.
 * A language is supported once its catalogue exists; it is offered to people only when it is
 * complete (OFFERED_LOCALES).
 */
export const SUPPORTED_LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The languages a visitor is offered and negotiated into. French joins only when every screen,
 * e-mail, printed page and API message has its French words (issue 44): offered
 * half-translated, a French visitor would meet English left in by accident. Until then French is
 * reachable only where a test or harness forces it.
 */
export const OFFERED_LOCALES: readonly Locale[] = ['en'];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag Intl formats a locale's money and dates with: American English as before, Canadian French. */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-CA' };
