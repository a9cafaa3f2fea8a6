import { http, HttpResponse } from 'msw';
import { giftBreakdown } from '@core/fees';
import { toWireAmount } from '@api/amount';
import type { Currency } from '@core/money';
import { parseCents } from '@core/read-amount';
import type { StartedPayment } from '../../web/src/features/gifts/api/payment-actions';
import { CHECKOUT_STORAGE_KEY, type CheckoutData } from '../../web/src/features/gifts/lib/checkout-storage';
import { sandboxConfig, server } from './msw-server';
import { REGISTRY_ID } from './registry-fixtures';

/** What POST /api/create-payment-intent answers for a gift of this amount (numbers, 2 decimals), at the configured rates. */
export function aStartedPayment(amount: number, currency: Currency = 'USD'): StartedPayment {
  const b = giftBreakdown(parseCents(amount), sandboxConfig.processingRates[currency]);
  return {
    clientSecret: 'pi_test_1_secret_abc',
    paymentIntentId: 'pi_test_1',
    breakdown: {
      baseAmount: toWireAmount(b.baseAmount),
      childAmount: toWireAmount(b.childAmount),
      charityAmount: toWireAmount(b.charityAmount),
      platformFee: toWireAmount(b.platformFee),
      stripeFee: toWireAmount(b.cardFee),
      totalAmount: toWireAmount(b.totalAmount),
    },
  };
}

/** The checkout data the gift form leaves in session storage after a $100 gift. */
export function aCheckout(overrides: Partial<CheckoutData> = {}): CheckoutData {
  const started = aStartedPayment(overrides.amount ?? 100, overrides.currency ?? 'USD');
  return {
    registryId: REGISTRY_ID,
    amount: 100,
    giftGiverName: 'Rachel Levy',
    charityId: 'c-1',
    currency: 'USD',
    clientSecret: started.clientSecret,
    paymentIntentId: started.paymentIntentId,
    breakdown: started.breakdown,
    charityName: 'Jewish Federation Community Fund',
    childName: 'Noah',
    ...overrides,
  };
}

export function storeCheckout(data: unknown): void {
  window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(data));
}

export function storedCheckout(): unknown {
  const text = window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY);
  return text === null ? null : (JSON.parse(text) as unknown);
}

/** Records the bodies of POST /api/payments/reconcile and answers 'succeeded'. */
export function serveReconcile(status = 200): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/payments/reconcile', async ({ request }) => {
      bodies.push(await request.json());
      return status === 200 ? HttpResponse.json({ status: 'succeeded' }) : HttpResponse.json({ message: 'Unavailable' }, { status });
    }),
  );
  return bodies;
}

/** The amount shown for a term of a description list (a breakdown, a summary). */
export function amountFor(term: string, container: HTMLElement = document.body): string | null | undefined {
  const terms = Array.from(container.querySelectorAll('dt')).filter((dt) => dt.textContent === term);
  if (terms.length !== 1) throw new Error(`Expected one term "${term}", found ${terms.length}`);
  return terms[0]!.nextElementSibling?.textContent;
}
