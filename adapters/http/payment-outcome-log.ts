import type { PaymentOutcome } from '@core/gift/record-payment';
import type { Logger } from './logger';

/** The outcomes someone should look at get a log line; ids and amounts only, no giver's details. */
export function logPaymentOutcome(log: Logger, outcome: PaymentOutcome, source: string): void {
  switch (outcome.kind) {
    case 'mismatch':
      log.warn({ source, giftId: outcome.gift.id, expected: outcome.expected, reported: outcome.reported }, 'payment amount or currency does not match the gift; nothing credited');
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
    default:
      break;
  }
}
