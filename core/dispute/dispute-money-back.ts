import type { Cents } from '../money';

/** What came back of a dispute's money after a win, split into the disputed amount and the provider's fee. */
export interface DisputeMoneyBack {
  amount: Cents;
  fee: Cents;
}

/**
 * The provider takes the disputed amount W and its fee f when a dispute opens, and after a win
 * puts back X: the amount, and the fee too when it returns it (Stripe's net; the sandbox keeps
 * the fee). X is read as the amount first, then the fee, so what the page says came back is never
 * more than was taken of either, and what it says was kept is W + f − X.
 */
export function disputeMoneyBack(withdrawn: { amount: Cents; fee: Cents }, reinstated: Cents): DisputeMoneyBack {
  const back = Math.max(0, reinstated);
  const amount = Math.min(back, withdrawn.amount);
  return { amount, fee: Math.min(back - amount, withdrawn.fee) };
}
