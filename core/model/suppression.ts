import { categoryOf, OPT_OUT_CATEGORIES, type MailCategory, type MailKind } from './mail-kinds';

/**
 * What a mail provider (or a person's one click) can tell us about an address: it bounced (the
 * mailbox does not exist or refused us for good), the provider dropped the message (the address is
 * on its own lists, or invalid), its owner reported our mail as spam, or they unsubscribed.
 */
export const MAIL_PROBLEMS = ['bounce', 'dropped', 'spam-report', 'unsubscribe'] as const;
export type MailProblem = (typeof MAIL_PROBLEMS)[number];

/**
 * What a suppression stops: every message to the address, every message that is not transactional,
 * or one category.
 */
export const SUPPRESSION_SCOPES = ['all', 'non-transactional', ...OPT_OUT_CATEGORIES] as const;
export type SuppressionScope = (typeof SUPPRESSION_SCOPES)[number];

export interface Suppression {
  address: string;
  scope: SuppressionScope;
  reason: MailProblem;
  createdAt: Date;
}

/**
 * The scope each problem puts an address under (docs/product.md#bounces-complaints-and-unsubscribes):
 * - a bounce or a drop stops everything, transactional mail too: nothing sent there arrives, and
 *   every further try is what gets a sender blocked. It lasts until the family sends a card there
 *   again after checking the address, or an operator lifts it;
 * - a spam report stops everything that is not transactional: the person said they do not want our
 *   mail, yet their receipts, refunds and account e-mails are theirs and still go;
 * - an unsubscribe stops the category of the message it came from, or every category when the
 *   provider does not say which.
 */
export function scopeOf(problem: MailProblem, kind: MailKind | null): SuppressionScope {
  if (problem === 'bounce' || problem === 'dropped') return 'all';
  if (problem === 'spam-report') return 'non-transactional';
  const category = kind ? categoryOf(kind) : 'transactional';
  return category === 'transactional' ? 'non-transactional' : category;
}

/** Whether a suppression of this scope stops a message of this category. */
export function stops(scope: SuppressionScope, category: MailCategory): boolean {
  if (scope === 'all') return true;
  if (scope === 'non-transactional') return category !== 'transactional';
  return scope === category;
}

/** The suppression that stops a message of this category to the address, if any: the widest first. */
export function stoppingSuppression<S extends Pick<Suppression, 'scope'>>(suppressions: readonly S[], category: MailCategory): S | null {
  const order = (scope: SuppressionScope) => SUPPRESSION_SCOPES.indexOf(scope);
  return (
    [...suppressions].sort((a, b) => order(a.scope) - order(b.scope)).find((suppression) => stops(suppression.scope, category)) ?? null
  );
}

/** Problems that mean "nothing arrives there", which a family may lift by sending to the address again. */
export function isUndeliverable(reason: MailProblem): boolean {
  return reason === 'bounce' || reason === 'dropped';
}

/** An address as the list keys it: mailbox providers treat the case of an address as one. */
export function suppressionKey(address: string): string {
  return address.trim().toLowerCase();
}

export function isSuppressionScope(value: unknown): value is SuppressionScope {
  return typeof value === 'string' && (SUPPRESSION_SCOPES as readonly string[]).includes(value);
}
