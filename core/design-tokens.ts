/**
 * The product's look as values, shared by the web theme (web/src/app/theme.ts) and the e-mails
 * (core/mail/email-layout.ts), so a guest meets one palette and one type on the page and in the inbox.
 * Plain data: the browser imports it too (WEB_CORE_MODULES in .dependency-cruiser.js).
 *
 * Every text colour is paired, in test/core/design-tokens.test.ts, with the surfaces it sits on,
 * and must keep at least 4.5:1 there (WCAG 2.1 AA).
 */
export const colours = {
  navy: '#1e3a8a', // white text on it: 10.4:1
  navyDark: '#172554',
  navyLight: '#3b5bcc',
  gold: '#f2b632', // dark text on it: 9.8:1
  goldLight: '#f8d77f',
  goldDark: '#8a5a00', // on white: 5.9:1
  cream: '#fbf8f1', // the page
  champagne: '#f6eddc', // the celebration's band and soft panels
  paper: '#ffffff',
  line: '#eadfca', // warm hairlines and card edges
  ink: '#111827',
  inkMuted: '#4b5563', // on white 7.6:1, on cream 7.1:1, on champagne 6.5:1
  focus: '#b45309', // focus ring: 5.0:1 on white; a white inner ring shows it on navy
  footer: '#0f1d45',
  error: '#b91c1c',
  success: '#15803d',
} as const;

/**
 * The display face, self-hosted (Fontsource's Fraunces, one weight), for headings and the
 * celebration's name; the body keeps the system stack. The fallback face is Times New Roman
 * stretched to Fraunces' width and line box (web/src/app/display-font.css), so swapping in the
 * real face moves nothing.
 */
export const fonts = {
  display: '"Fraunces", "Fraunces Fallback", Georgia, "Times New Roman", serif',
  /** Mail programs rarely load web fonts: Georgia is the serif nearly every reader has. */
  displayEmail: 'Fraunces, Georgia, serif',
  body: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  displayWeight: 600,
} as const;

/** Type sizes in rem, phone first, then from the md breakpoint (900 px). */
export const typeScale = {
  display: { xs: 2.25, md: 3.25 }, // the landing page's hero
  h1: { xs: 2, md: 2.75 },
  h2: { xs: 1.5, md: 1.85 },
  h3: { xs: 1.2, md: 1.3 },
  eyebrow: 0.8125, // small capitals above a title
} as const;

/** Corner radii in px: fields and chips, cards, and the large bands. */
export const radii = { small: 10, card: 20, band: 28, pill: 999 } as const;

/** The spacing unit in px (MUI's `theme.spacing(1)`). */
export const spacingUnit = 8;

/** Soft, warm shadows: a card floats off the cream page instead of being boxed in by a line. */
export const elevation = {
  card: '0 1px 2px rgba(60, 42, 14, 0.05), 0 6px 20px rgba(60, 42, 14, 0.06)',
  raised: '0 2px 4px rgba(60, 42, 14, 0.06), 0 16px 40px rgba(60, 42, 14, 0.10)',
} as const;
