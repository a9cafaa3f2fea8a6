/** Every route path of the app (docs/product.md#route-table), in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  createRegistry: '/create-registry',
  charities: '/charities',
  faq: '/faq',
  /** /auth showing the forgot-password form. */
  forgotPassword: '/auth?view=forgot',
  /** The password-reset e-mail links here with the token in the fragment; the server makes those links. */
  resetPassword: '/reset-password',
  account: '/account',
  /** The e-mail change confirmation links here with the token in the fragment. */
  confirmEmail: '/account/confirm-email',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  /** The newsletter confirmation links here with the token in the fragment. */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** The co-owner invitation e-mail links here with the token in the fragment; the server makes those links. */
  acceptCoOwnership: '/co-owner/accept',
  registry: (id: string) => `/registry/${encodeURIComponent(id)}`,
  /** The owner's full gift list. */
  registryGifts: (id: string) => `/registry/${encodeURIComponent(id)}/gifts`,
  /** The owner's printable invitation insert: name, date, QR code and short link. */
  registryInsert: (id: string) => `/registry/${encodeURIComponent(id)}/insert`,
  gift: (id: string) => `/gift/${encodeURIComponent(id)}`,
  checkout: (id: string) => `/checkout/${encodeURIComponent(id)}`,
  thankYouCards: (id: string) => `/thank-you-cards/${encodeURIComponent(id)}`,
  /** The print-ready page of one giver's card: for gifts given by hand, handed over on paper. */
  thankYouCardPrint: (id: string, giftId: string) => `/thank-you-cards/${encodeURIComponent(id)}/print/${encodeURIComponent(giftId)}`,
  shortLink: (shortCode: string) => `/r/${encodeURIComponent(shortCode)}`,
  adminCharityPayouts: '/admin/charity-payouts',
  adminManualPayouts: '/admin/manual-payouts',
  adminGiftRefunds: '/admin/gift-refunds',
  adminFailedPayouts: '/admin/failed-payouts',
  adminDisputes: '/admin/disputes',
  /** The sandbox payment provider's onboarding page; the server makes its links. */
  sandboxOnboarding: (token: string) => `/sandbox/onboarding?token=${encodeURIComponent(token)}`,
} as const;

/** In-page anchors of the landing page. */
export const landingAnchors = {
  howItWorks: 'how-it-works',
  charities: 'charities',
  pricing: 'pricing',
} as const;
