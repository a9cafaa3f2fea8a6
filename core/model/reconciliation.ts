import type { Cents } from '../money';

/**
 * What reconciliation with the provider can find wrong, each a plain question an operator asks:
 * - unrecorded: money moved at the provider (a charge, a refund, a transfer) that the ledger never saw;
 * - amount_differs: both sides have it, for different amounts;
 * - unknown_fee: the provider took a fee the ledger does not have (or another amount than it has);
 * - missing_at_provider: a transfer of ours that the provider's balance does not show.
 */
export const DIFFERENCE_KINDS = ['unrecorded', 'amount_differs', 'unknown_fee', 'missing_at_provider'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface ReconciliationDifference {
  /**
   * Names the difference for good: found again on a later run, it is the same key, so
   * administrators are e-mailed about it once.
   */
  key: string;
  kind: DifferenceKind;
  /** The provider's currency code, upper case. */
  currency: string;
  /** The provider's balance transaction, when the difference has one. */
  transactionId: string | null;
  /** The payment or transfer the money belongs to, as our ledger names it. */
  reference: string | null;
  /** What the provider says (an amount or a fee), in signed cents; null when it has nothing. */
  provider: Cents | null;
  /** What the ledger says, in the same sign; null when it has nothing. */
  ledger: Cents | null;
  /** One line of plain English, as the finance page, the e-mail and the command show it. */
  description: string;
}

export const RECONCILIATION_STATUSES = ['running', 'agreed', 'differences', 'failed'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** One UTC day's reconciliation, as it was last run. */
export interface ReconciliationRun {
  /** YYYY-MM-DD, UTC. */
  day: string;
  status: ReconciliationStatus;
  startedAt: Date;
  finishedAt: Date | null;
  /** How many of the provider's balance transactions were created that day. */
  transactions: number;
  differences: ReconciliationDifference[];
  /** Why a failed run failed (the provider did not answer, say). */
  failure: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day a YYYY-MM-DD names, from its first instant to the next day's; null for anything else (2026-02-30 included). */
export function dayRange(day: string): { from: Date; to: Date } | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const from = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(from.getTime()) || from.toISOString().slice(0, 10) !== day) return null;
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}

/** The UTC day before the one the instant falls in: the last whole day, which the daily run reconciles. */
export function dayBefore(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
