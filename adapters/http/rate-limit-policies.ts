import { TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT } from '@core/thank-you/typed-address-budget';
import { MAX_GUESTS_PER_REGISTRY } from '@core/model/guest';
import { INVITATION_RESENDS_PER_DAY, INVITATIONS_PER_ACCOUNT_PER_DAY } from '@core/model/invitation-settings';
import type { AttemptLimits } from './attempt-limiter';

/** One rate limit: the server counts by it, and the table of limits in docs/operations.md#rate-limits is printed from it. */
export interface RateLimitPolicy {
  /** The counter's name: its keys' prefix in the database and its label in registry_limit_refusals_total. */
  keyPrefix: string;
  points: number;
  /** The window, in seconds. */
  durationS: number;
  /** What one point is, and whose counter it goes on: the table's "limit" column. */
  counts: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every rate limit of the server, in the order docs/operations.md lists them. */
export const RATE_LIMIT_POLICIES = {
  loginPerAccount: {
    keyPrefix: 'login-account',
    points: 10,
    durationS: 15 * MINUTE,
    counts: 'failed sign-ins for one username from one address',
  },
  loginPerAddress: { keyPrefix: 'login-address', points: 50, durationS: 15 * MINUTE, counts: 'failed sign-ins from one address' },
  registerPerAddress: { keyPrefix: 'register-address', points: 20, durationS: HOUR, counts: 'sign-up attempts from one address' },
  uploadsPerAccount: { keyPrefix: 'upload-account', points: 100, durationS: HOUR, counts: 'photos uploaded by one account' },
  paymentIntentsPerAddress: {
    keyPrefix: 'payment-address',
    points: 30,
    durationS: 10 * MINUTE,
    counts:
      'payments started from one address and not paid: declined, abandoned or unfinished (a paid one gives its start back, however its success is learnt)',
  },
  passwordResetPerAddress: { keyPrefix: 'reset-address', points: 10, durationS: HOUR, counts: 'forgot-password requests from one address' },
  passwordResetPerEmailAndAddress: {
    keyPrefix: 'reset-email-address',
    points: 3,
    durationS: HOUR,
    counts: 'forgot-password requests for one e-mail address from one network',
  },
  // However many ask, the newest reset link always has most of its hour left, and no inbox gets more than a dozen an hour.
  passwordResetMailsPerEmail: {
    keyPrefix: 'reset-mail',
    points: 1,
    durationS: 5 * MINUTE,
    counts: 'reset e-mails to one e-mail address, whoever asks (paced, never refused)',
  },
  passwordResetSubmitsPerAddress: {
    keyPrefix: 'reset-submit-address',
    points: 20,
    durationS: HOUR,
    counts: 'new passwords sent with reset links, and reset links checked, from one address',
  },
  currentPasswordPerAccount: {
    keyPrefix: 'current-password-account',
    points: 10,
    durationS: 15 * MINUTE,
    counts: 'wrong current passwords on the account page, per account',
  },
  newsletterPerAddress: { keyPrefix: 'newsletter-address', points: 10, durationS: HOUR, counts: 'newsletter sign-ups from one address' },
  offlineGiftsPerAccount: {
    keyPrefix: 'offline-gift-account',
    points: 300,
    durationS: HOUR,
    counts: 'gifts given by hand recorded by one account',
  },
  thankYouSendsPerAccount: {
    keyPrefix: 'thank-you-send-account',
    points: 100,
    durationS: HOUR,
    counts: 'single thank-you cards sent by one account',
  },
  coOwnerInvitationsPerAccount: {
    keyPrefix: 'co-owner-invitation-account',
    points: 20,
    durationS: HOUR,
    counts: 'co-owner invitations sent by one account',
  },
  coOwnerInvitationsPerNetwork: {
    keyPrefix: 'co-owner-invitation-network',
    points: 20,
    durationS: HOUR,
    counts: 'co-owner invitations sent from one network, whatever the account',
  },
  registryCreationsPerAccount: {
    keyPrefix: 'registry-create-account',
    points: 5,
    durationS: HOUR,
    counts: 'registries created by one account',
  },
  registryCreationsPerAccountPerDay: { keyPrefix: 'registry-create-account-day', points: 20, durationS: DAY, counts: 'the same, in a day' },
  typedAddressCardsBeforePaidGiftPerAccount: {
    keyPrefix: 'typed-card-new-account',
    points: TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT,
    durationS: DAY,
    counts:
      'thank-you cards e-mailed to addresses the family typed, before the first gift paid online, per account (one by one; "Send to All" sends none)',
  },
  typedAddressCardsBeforePaidGiftPerNetwork: {
    keyPrefix: 'typed-card-new-network',
    points: TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT,
    durationS: DAY,
    counts: 'the same, per network',
  },
  typedAddressCardsPerAccount: {
    keyPrefix: 'typed-card-account',
    points: 200,
    durationS: DAY,
    counts: 'thank-you cards e-mailed to addresses the family typed, once a gift was paid online, per account',
  },
  invitationsPerRegistry: {
    keyPrefix: 'invitation-registry',
    points: MAX_GUESTS_PER_REGISTRY + INVITATION_RESENDS_PER_DAY,
    durationS: DAY,
    counts: `invitation e-mails one registry sends (its whole list of at most ${MAX_GUESTS_PER_REGISTRY} once, and ${INVITATION_RESENDS_PER_DAY} resends)`,
  },
  invitationsPerAccount: {
    keyPrefix: 'invitation-account',
    points: INVITATIONS_PER_ACCOUNT_PER_DAY,
    durationS: DAY,
    counts: 'invitation e-mails one account sends, across its registries',
  },
  searchesPerNetwork: {
    keyPrefix: 'search-network',
    points: 30,
    durationS: MINUTE,
    counts: 'registry searches from one network (a person typing slowly sends one a keystroke)',
  },
  searchResultsPerNetwork: {
    keyPrefix: 'search-results-network',
    points: 50,
    durationS: HOUR,
    counts: 'registries search answers list to one network, each counting one',
  },
} as const satisfies Record<keyof AttemptLimits, RateLimitPolicy>;

const UNITS: [seconds: number, one: string][] = [
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [1, 'second'],
];

/** "an hour", "15 minutes", "a day". */
export function windowText(seconds: number): string {
  const [size, unit] = UNITS.find(([size]) => seconds % size === 0)!;
  const count = seconds / size;
  return count === 1 ? `${unit === 'hour' ? 'an' : 'a'} ${unit}` : `${count} ${unit}s`;
}

/** The table of limits in docs/operations.md, as Markdown: one row a policy. */
export function rateLimitTable(): string {
  const rows = Object.values(RATE_LIMIT_POLICIES).map(
    (policy) => `| ${policy.counts} | ${policy.points} in ${windowText(policy.durationS)} | \`${policy.keyPrefix}\` |`,
  );
  return ['| limit | how much | counter |', '|---|---|---|', ...rows].join('\n');
}
