import { DomainError } from '../errors';
import { parseCents } from '../money';
import { refuseUnknownFields, validate } from '../validate';
import type { OfflineGiftDetails, OfflineGiftMethod } from './offline-gift';
import { offlineGiftSchema } from './offline-gift-schemas';

const FIELDS = ['giftGiverName', 'giftGiverEmail', 'amount', 'method', 'receivedOn', 'note'];

/** A request body checked against the owner's form rules, with the amount in cents. */
export async function offlineGiftDetails(input: unknown, now: Date): Promise<OfflineGiftDetails> {
  refuseUnknownFields(input, FIELDS);
  if (typeof (input as { amount?: unknown }).amount === 'string') {
    throw new DomainError('validation.failed', 'Amount must be a positive number', { amount: 'Must be a number' });
  }
  const valid = await validate(offlineGiftSchema(now), input);
  return {
    giftGiverName: valid.giftGiverName,
    giftGiverEmail: valid.giftGiverEmail ?? null,
    amount: parseCents(valid.amount),
    method: valid.method as OfflineGiftMethod,
    receivedOn: valid.receivedOn,
    note: valid.note ?? null,
  };
}
