import { EntitySchema } from '@mikro-orm/core';

/**
 * Which counter counted a payment's start (the address's, under the payment-address limit), kept
 * until the counter's window ends, so the payment's success gives the start back however it is
 * learnt: the giver's page, the provider's webhook, the sandbox (adapters/http/attempt-limiter.ts).
 */
export interface PaymentStartNoteRow {
  paymentIntentId: string;
  counterKey: string;
  /** When the counter's window ends, in epoch milliseconds (as rate_limits keeps it). */
  expire: string;
}

export const PaymentStartNoteEntity = new EntitySchema<PaymentStartNoteRow>({
  name: 'PaymentStartNote',
  tableName: 'payment_start_notes',
  indexes: [{ name: 'payment_start_notes_expire_index', properties: ['expire'] }],
  properties: {
    paymentIntentId: { type: 'string', length: 255, primary: true },
    counterKey: { type: 'string', length: 255 },
    expire: { type: 'bigint' },
  },
});
