/**
 * Every page of the app (docs/product.md#route-table), in one table: the router mounts these
 * patterns, and the app's links, the e-mails' links and the link previews are built from them, so
 * a page cannot move in one place and be linked at its old address from another.
 */
export const pagePatterns = {
  home: '/',
  auth: '/auth',
  createRegistry: '/create-registry',
  charities: '/charities',
  faq: '/faq',
  /** The password-reset e-mail links here with the token in the fragment. */
  resetPassword: '/reset-password',
  account: '/account',
  /** The e-mail change confirmation links here with the token in the fragment. */
  confirmEmail: '/account/confirm-email',
  /** The e-mail with an export built in the background links here with the token in the fragment. */
  accountExport: '/account/export',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  /** The newsletter's e-mails link here with the token in the fragment. */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** The co-owner invitation e-mail links here with the token in the fragment. */
  acceptCoOwnership: '/co-owner/accept',
  /** Where an unsubscribe link opened in a browser leads (the token in the fragment): it asks before it stops anything. */
  unsubscribe: '/unsubscribe/:category',
  registry: '/registry/:id',
  /** The owner's full gift list. */
  registryGifts: '/registry/:id/gifts',
  /** The owner's printable invitation insert: name, date, QR code and short link. */
  registryInsert: '/registry/:id/insert',
  /** The family's guest list: add, import and remove guests. */
  registryGuests: '/registry/:id/guests',
  /** The guests' postal addresses as printable mailing labels, for paper thank-you notes. */
  registryGuestLabels: '/registry/:id/guests/labels',
  gift: '/gift/:id',
  checkout: '/checkout/:id',
  thankYouCards: '/thank-you-cards/:id',
  /** The print-ready page of one giver's card: for gifts given by hand, handed over on paper. */
  thankYouCardPrint: '/thank-you-cards/:id/print/:giftId',
  shortLink: '/r/:shortCode',
  /**
   * A guest's personal link: their invitation, RSVP and a way to give. The token rides in the
   * path, so a link typed from a printed card works; logs redact it (docs/adr/0024-personal-links-in-the-path.md).
   */
  guestInvitation: '/i/:token',
  adminCharityPayouts: '/admin/charity-payouts',
  adminManualPayouts: '/admin/manual-payouts',
  adminGiftRefunds: '/admin/gift-refunds',
  adminFailedPayouts: '/admin/failed-payouts',
  adminFinance: '/admin/finance',
  adminDisputes: '/admin/disputes',
  adminCharities: '/admin/charities',
  /** The sandbox payment provider's onboarding page; the server makes its links. */
  sandboxOnboarding: '/sandbox/onboarding',
} as const;

export type PagePattern = (typeof pagePatterns)[keyof typeof pagePatterns];

/** A pattern with its :params filled in, each encoded as one path segment. */
export function fillPattern(pattern: PagePattern, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`the page ${pattern} needs its ${name}`);
    return encodeURIComponent(value);
  });
}

function patternSource(pattern: PagePattern, names: string[] = []): string {
  return pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
}

/** The params of a path that is the page of this pattern (a trailing slash allowed), or null. */
export function matchPattern(pattern: PagePattern, path: string): Record<string, string> | null {
  const names: string[] = [];
  const found = new RegExp(`^${patternSource(pattern, names)}/?$`).exec(path);
  if (!found) return null;
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
  } catch {
    return null;
  }
}

// The web app's router matches a page whatever the letters' case, and so does this.
const anyPage = new RegExp(
  `^(?:${Object.values(pagePatterns)
    .map((pattern) => patternSource(pattern))
    .join('|')})/?$`,
  'i',
);

/** Whether the app has a page at this path (as sent, percent-encoded); any other path is its "Page not found". */
export function isPagePath(path: string): boolean {
  // The router reads the path decoded (/f%61q is the FAQ), and keeps as sent one it cannot decode.
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape: matched as sent.
  }
  return anyPage.test(decoded);
}

/** The address of each page, as links, e-mails and previews name it. */
export const paths = {
  home: pagePatterns.home,
  auth: pagePatterns.auth,
  createRegistry: pagePatterns.createRegistry,
  charities: pagePatterns.charities,
  faq: pagePatterns.faq,
  /** /auth showing the forgot-password form. */
  forgotPassword: `${pagePatterns.auth}?view=forgot`,
  resetPassword: pagePatterns.resetPassword,
  account: pagePatterns.account,
  confirmEmail: pagePatterns.confirmEmail,
  accountExport: pagePatterns.accountExport,
  privacy: pagePatterns.privacy,
  terms: pagePatterns.terms,
  security: pagePatterns.security,
  newsletterUnsubscribe: pagePatterns.newsletterUnsubscribe,
  acceptCoOwnership: pagePatterns.acceptCoOwnership,
  unsubscribe: (category: string) => fillPattern(pagePatterns.unsubscribe, { category }),
  registry: (id: string) => fillPattern(pagePatterns.registry, { id }),
  registryGifts: (id: string) => fillPattern(pagePatterns.registryGifts, { id }),
  registryInsert: (id: string) => fillPattern(pagePatterns.registryInsert, { id }),
  registryGuests: (id: string) => fillPattern(pagePatterns.registryGuests, { id }),
  registryGuestLabels: (id: string) => fillPattern(pagePatterns.registryGuestLabels, { id }),
  gift: (id: string) => fillPattern(pagePatterns.gift, { id }),
  checkout: (id: string) => fillPattern(pagePatterns.checkout, { id }),
  thankYouCards: (id: string) => fillPattern(pagePatterns.thankYouCards, { id }),
  /** The thank-you cards page showing the givers on the guest list still owed a card. */
  thankYouCardsToGuests: (id: string) => `${fillPattern(pagePatterns.thankYouCards, { id })}?givers=guests`,
  thankYouCardPrint: (id: string, giftId: string) => fillPattern(pagePatterns.thankYouCardPrint, { id, giftId }),
  shortLink: (shortCode: string) => fillPattern(pagePatterns.shortLink, { shortCode }),
  guestInvitation: (token: string) => fillPattern(pagePatterns.guestInvitation, { token }),
  adminCharityPayouts: pagePatterns.adminCharityPayouts,
  adminManualPayouts: pagePatterns.adminManualPayouts,
  adminGiftRefunds: pagePatterns.adminGiftRefunds,
  adminFailedPayouts: pagePatterns.adminFailedPayouts,
  adminFinance: pagePatterns.adminFinance,
  adminDisputes: pagePatterns.adminDisputes,
  adminCharities: pagePatterns.adminCharities,
  sandboxOnboarding: (token: string) => `${pagePatterns.sandboxOnboarding}?token=${encodeURIComponent(token)}`,
} as const;

/** In-page anchors of the landing page. */
export const landingAnchors = {
  howItWorks: 'how-it-works',
  charities: 'charities',
  pricing: 'pricing',
} as const;

/** An absolute link to a page, for an e-mail or a link preview: the site's public address, then the path. */
export function pageUrl(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * A single-use link: the token rides in the fragment, which browsers never send to a server nor
 * put in a Referer (docs/adr/0012-single-use-links-in-the-fragment.md).
 */
export function tokenPageUrl(appUrl: string, path: string, token: string): string {
  return `${pageUrl(appUrl, path)}#token=${encodeURIComponent(token)}`;
}
