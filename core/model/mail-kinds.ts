import { PRODUCT } from '../product-name';

/**
 * What each e-mail is, as every send, the suppression list and the metrics name it
 * (docs/product.md#what-is-e-mailed-and-to-whom). A closed list: a new kind of e-mail is added
 * here, and the compiler then asks which category it belongs to.
 */
export const MAIL_KINDS = [
  'gift-receipt',
  'gift-notice',
  'refund-notice',
  'payout-notice',
  'dispute-notice',
  'admin-notice',
  'account',
  'thank-you-card',
  'thank-you-reminder',
  'co-owner-invitation',
  'guest-invitation',
  'guest-reminder',
  'newsletter',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The categories a person can stop one by one. Transactional mail (receipts, refunds, payouts,
 * account and administrators' notices) is no category of these: it is about something the person
 * did or owns, carries no unsubscribe, and no opt-out stops it.
 */
export const OPT_OUT_CATEGORIES = ['thank-you-cards', 'reminders', 'invitations', 'guest-invitations', 'newsletter'] as const;
export type OptOutCategory = (typeof OPT_OUT_CATEGORIES)[number];
export type MailCategory = 'transactional' | OptOutCategory;

const CATEGORY_OF: Record<MailKind, MailCategory> = {
  'gift-receipt': 'transactional',
  'gift-notice': 'transactional',
  'refund-notice': 'transactional',
  'payout-notice': 'transactional',
  'dispute-notice': 'transactional',
  'admin-notice': 'transactional',
  account: 'transactional',
  'thank-you-card': 'thank-you-cards',
  'thank-you-reminder': 'reminders',
  'co-owner-invitation': 'invitations',
  // A family's invitation and its one reminder: one click stops both, from every family.
  'guest-invitation': 'guest-invitations',
  'guest-reminder': 'guest-invitations',
  newsletter: 'newsletter',
};

export function categoryOf(kind: MailKind): MailCategory {
  return CATEGORY_OF[kind];
}

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && (MAIL_KINDS as readonly string[]).includes(value);
}

export function isOptOutCategory(value: unknown): value is OptOutCategory {
  return typeof value === 'string' && (OPT_OUT_CATEGORIES as readonly string[]).includes(value);
}

/** How the unsubscribe page and each message's footer name what one click stops. */
export const OPT_OUT_LABELS: Record<OptOutCategory, string> = {
  'thank-you-cards': `thank-you cards that families send through ${PRODUCT}`,
  reminders: `${PRODUCT}’s reminders about thank-you cards`,
  invitations: `invitations to co-own a registry on ${PRODUCT}`,
  'guest-invitations': `invitations to celebrations, and their reminders, that families send through ${PRODUCT}`,
  newsletter: `the ${PRODUCT} newsletter`,
};
