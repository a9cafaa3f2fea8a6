import type { PayoutMethod, PayoutStatusView } from '@api/payouts';
import { BANK_TIMING, CHECK_TIMING, PAYPAL_TIMING } from '@core/payout/payout-timing';

/**
 * Where the family's money is, as the server knows it: a PayPal or check payout waits for an
 * administrator (pending) or is being sent by one (sending: claimed); a bank transfer is under way
 * (pending or sending with no refusal recorded), was refused, or went; a registry that closed with
 * nothing to pay has nothing to send.
 */
export type PayoutStage =
  | 'waiting_for_admin'
  | 'being_sent_by_hand'
  | 'transfer_under_way'
  | 'transfer_refused'
  | 'sent'
  | 'nothing_to_send';

type Shown = Pick<PayoutStatusView, 'payoutStatus' | 'transferResult' | 'payoutAmount'>;

export function payoutStage(payout: Shown, method: PayoutMethod | null): PayoutStage {
  if (payout.transferResult?.success === false && payout.payoutStatus !== 'completed') return 'transfer_refused';
  if (payout.payoutStatus === 'completed') return payout.payoutAmount === 0 ? 'nothing_to_send' : 'sent';
  if (method === 'bank') return 'transfer_under_way';
  return payout.payoutStatus === 'sending' ? 'being_sent_by_hand' : 'waiting_for_admin';
}

const BY: Record<PayoutMethod, string> = { bank: 'bank transfer', paypal: 'PayPal', check: 'check' };

/**
 * The stage in words: `now`, a few words said next to the spec's Processing, Completed or Failed
 * (what is happening), and `next`, the sentence of what comes next and when. `sentOn` is the day
 * the payout was sent, as the page prints dates ('' when unknown).
 */
export function payoutProgressText(stage: PayoutStage, method: PayoutMethod | null, sentOn: string): { now: string; next: string | null } {
  const on = sentOn ? ` on ${sentOn}` : '';
  switch (stage) {
    case 'waiting_for_admin':
      return { now: 'Waiting for an administrator to send it', next: handTiming(method) };
    case 'being_sent_by_hand':
      return {
        now: `Being sent by ${method ? BY[method] : 'hand'}`,
        next: `An administrator is sending it now. ${handTiming(method) ?? ''}`.trim(),
      };
    case 'transfer_under_way':
      return { now: 'Being sent to your bank account', next: 'Your payout is being transferred to your bank account.' };
    case 'transfer_refused':
      return { now: 'Not sent: the bank transfer did not go through', next: null };
    case 'nothing_to_send':
      return { now: 'Nothing to send', next: 'The registry closed with no gifts to pay out, so there is no payout.' };
    case 'sent':
      if (method === 'bank') {
        return {
          now: `Sent to your bank${on}`,
          next: `Your payout was transferred to your bank account${on}. It is usually in your bank ${BANK_TIMING}.`,
        };
      }
      if (method === 'check') return { now: `Check mailed${on}`, next: `Your check was mailed${on}.` };
      if (method === 'paypal') return { now: `Sent by PayPal${on}`, next: `Your payout was sent to your PayPal account${on}.` };
      return { now: `Sent${on}`, next: `Your payout was sent${on}.` };
  }
}

/** When a payout sent by hand goes: the spec's timing. */
function handTiming(method: PayoutMethod | null): string | null {
  if (method === 'paypal') return `Your payout will be sent to your PayPal account ${PAYPAL_TIMING}.`;
  if (method === 'check') return `Your check will be ${CHECK_TIMING}.`;
  return null;
}
