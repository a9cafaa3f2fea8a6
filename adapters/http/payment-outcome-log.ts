import type { PaymentOutcome } from '@core/gift/record-payment';
import type { ProviderRefundOutcome } from '@core/gift/refund-at-provider';
import type { DisputeOutcome } from '@core/dispute/record-dispute';
import type { Logger } from './logger';
import type { PaymentOutcomeLabel } from './metrics';

/** Counts a payment's outcome (the metrics' registry_payment_outcomes_total). */
export type CountPaymentOutcome = (outcome: PaymentOutcomeLabel) => void;

/**
 * The outcomes someone should look at get a log line; ids and amounts only, no giver's details.
 * Each outcome is counted once, where it is first recorded (a report of one already settled is not).
 */
export function logPaymentOutcome(log: Logger, outcome: PaymentOutcome, source: string, count: CountPaymentOutcome): void {
  if (outcome.kind === 'credited') count('succeeded');
  else if (outcome.kind === 'failed') count('declined');
  // Paid after the registry closed, and refunded at once.
  else if (outcome.kind === 'refunded') count('refunded');
  switch (outcome.kind) {
    case 'mismatch':
      log.warn(
        { source, giftId: outcome.gift.id, expected: outcome.expected, reported: outcome.reported },
        'payment amount or currency does not match the gift; nothing credited',
      );
      break;
    case 'refunded':
      log.warn({ source, giftId: outcome.gift.id }, 'payment arrived after the registry closed; refunded');
      break;
    case 'unknown-payment':
      log.info({ source }, 'payment report for no gift of ours; ignored');
      break;
    case 'credited':
      log.info({ source, giftId: outcome.gift.id, registryId: outcome.registry.id }, 'gift credited');
      break;
    case 'failed':
      log.info({ source, giftId: outcome.gift.id }, 'payment declined');
      break;
    default:
      break;
  }
}

/** A refund the provider reported: the ones our books could not follow need a person. */
export function logProviderRefund(log: Logger, outcome: ProviderRefundOutcome, source: string, count: CountPaymentOutcome): void {
  if (outcome.kind === 'recorded') count('refunded');
  switch (outcome.kind) {
    case 'partial':
      log.error(
        { source, giftId: outcome.gift.id, charged: outcome.charged, refunded: outcome.refunded },
        'partial refund at the provider; the gift still counts in full, settle it by hand',
      );
      break;
    case 'after-close':
      log.error(
        { source, giftId: outcome.gift.id, registryId: outcome.gift.registryId },
        'refunded at the provider after a payout of its registry was claimed or sent; its payouts still count it, settle it by hand',
      );
      break;
    case 'recorded':
      log.info({ source, giftId: outcome.gift.id }, 'refund recorded');
      break;
    default:
      break;
  }
}

/** A dispute the provider reported: each step is worth a line, ids and statuses only. */
export function logDisputeOutcome(log: Logger, outcome: DisputeOutcome, source: string, count: CountPaymentOutcome): void {
  if (outcome.kind === 'opened') count('disputed');
  if (outcome.kind === 'unknown-payment') {
    log.warn({ source }, 'dispute of a payment that is no gift of ours; nothing recorded');
    return;
  }
  const { dispute } = outcome;
  const fields = {
    source,
    disputeId: dispute.id,
    giftId: dispute.giftId,
    registryId: dispute.registryId,
    status: dispute.status,
    phase: dispute.phase,
  };
  if (outcome.kind === 'opened') log.warn(fields, 'gift disputed');
  else if (outcome.kind === 'updated') log.info(fields, 'dispute changed');
  else log.debug(fields, 'dispute report changed nothing');
}
