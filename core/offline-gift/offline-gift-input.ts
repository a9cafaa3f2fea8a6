import { refuseUnknownFields, validate } from '../validate';
import type { OfflineGiftDetails, OfflineGiftMethod } from '../model/offline-gift';
import { offlineGiftSchema } from './offline-gift-schemas';

const FIELDS = ['giftGiverName', 'giftGiverEmail', 'amount', 'method', 'receivedOn', 'note'];

/** A request body checked against the owner's form rules; its amount comes in cents, read from the wire by the caller. */
export async function offlineGiftDetails(input: unknown, now: Date): Promise<OfflineGiftDetails> {
  refuseUnknownFields(input, FIELDS);
  const valid = await validate(offlineGiftSchema(now), input);
  return {
    giftGiverName: valid.giftGiverName,
    giftGiverEmail: valid.giftGiverEmail ?? null,
    amount: valid.amount,
    method: valid.method as OfflineGiftMethod,
    receivedOn: valid.receivedOn,
    note: valid.note ?? null,
  };
}
