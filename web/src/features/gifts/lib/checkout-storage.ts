import { CELEBRATION_TYPES, type CelebrationType } from '@core/model/celebration-title';
import { isCurrency, type Currency } from '@core/money';
import type { PaymentBreakdown } from '@/features/gifts/api/payment-actions';

/**
 * docs/product.md#checkout-data-kept-in-the-browser: while a gift is being paid its data lives in this
 * tab's session storage under this one key, and leaves it once the payment succeeded.
 */
export const CHECKOUT_STORAGE_KEY = 'mitzvah-gifts.checkout';

export interface CheckoutData {
  registryId: string;
  /** The gift, in the registry's currency: a number with two decimals at most (e.g. 36 or 50.25). */
  amount: number;
  giftGiverName: string;
  charityId: string;
  currency: Currency;
  /** From POST /api/create-payment-intent; without it the payment cannot be confirmed. */
  clientSecret?: string;
  paymentIntentId?: string;
  breakdown?: PaymentBreakdown;
  /** For the success screen. */
  charityName?: string;
  childName?: string;
  celebrationType?: CelebrationType;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const BREAKDOWN_FIELDS = ['baseAmount', 'childAmount', 'charityAmount', 'platformFee', 'stripeFee', 'totalAmount'] as const;

function breakdownOf(value: unknown): PaymentBreakdown | undefined {
  if (!isRecord(value)) return undefined;
  if (!BREAKDOWN_FIELDS.every((field) => field === 'platformFee' || typeof value[field] === 'number')) return undefined;
  return value as unknown as PaymentBreakdown;
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What the key holds, when it is checkout data at all (anything else is ignored). */
function parseCheckoutData(text: string | null): CheckoutData | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { registryId, amount, giftGiverName, charityId, currency } = value;
  if (typeof registryId !== 'string' || typeof giftGiverName !== 'string' || typeof charityId !== 'string') return null;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || !isCurrency(currency)) return null;
  const data: CheckoutData = { registryId, amount, giftGiverName, charityId, currency };
  const clientSecret = optionalString(value.clientSecret);
  const paymentIntentId = optionalString(value.paymentIntentId);
  const breakdown = breakdownOf(value.breakdown);
  const charityName = optionalString(value.charityName);
  const childName = optionalString(value.childName);
  if (clientSecret) data.clientSecret = clientSecret;
  if (paymentIntentId) data.paymentIntentId = paymentIntentId;
  if (breakdown) data.breakdown = breakdown;
  if (charityName) data.charityName = charityName;
  if (childName) data.childName = childName;
  if (CELEBRATION_TYPES.includes(value.celebrationType as CelebrationType)) data.celebrationType = value.celebrationType as CelebrationType;
  return data;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the checkout then says there is no payment data.
    return null;
  }
}

export function saveCheckout(data: CheckoutData): void {
  try {
    storage()?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(data));
  } catch {
    // A full or blocked storage: the checkout page explains and offers to start again.
  }
}

/** The gift being paid for this registry, or null (none, or one for another registry). */
export function loadCheckout(registryId: string): CheckoutData | null {
  let text: string | null;
  try {
    text = storage()?.getItem(CHECKOUT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  const data = parseCheckoutData(text);
  return data && data.registryId === registryId ? data : null;
}

export function clearCheckout(): void {
  try {
    storage()?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
