import type {
  ConnectedAccountStatus,
  CreatedPaymentIntent,
  PaymentGateway,
  PaymentIntentRequest,
  PaymentIntentState,
  TransferRequest,
  TransferResult,
} from '../../core/ports/payment-gateway';

/** A payment provider for tests: it remembers what it was asked, and can be told to be down. */
export class InMemoryPaymentGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  intents = new Map<string, PaymentIntentRequest & { status: PaymentIntentState['status'] }>();
  refunds: { paymentIntentId: string; idempotencyKey: string }[] = [];
  transfers: TransferRequest[] = [];
  down = false;
  private counter = 0;

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    if (this.down) throw new Error('provider unavailable');
    const existing = [...this.intents.entries()].find(([, intent]) => intent.idempotencyKey === request.idempotencyKey);
    const id = existing?.[0] ?? `pi_test_${crypto.randomUUID().replaceAll('-', '')}`;
    if (!existing) this.intents.set(id, { ...request, status: 'pending' });
    return { id, clientSecret: `${id}_secret_test` };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no such payment intent: ${id}`);
    return { id, status: intent.status, amount: intent.amount, currency: intent.currency };
  }

  async refund(paymentIntentId: string, idempotencyKey: string): Promise<void> {
    if (this.down) throw new Error('provider unavailable');
    if (!this.refunds.some((refund) => refund.idempotencyKey === idempotencyKey)) this.refunds.push({ paymentIntentId, idempotencyKey });
  }

  async createConnectedAccount(): Promise<string> {
    return `acct_test_${(this.counter += 1)}`;
  }

  async createOnboardingLink(accountId: string, returnUrl: string): Promise<string> {
    return `${returnUrl}?account=${accountId}`;
  }

  async connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus> {
    return { accountId, payoutsEnabled: true, requirementsDue: [], country: 'US' };
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    this.transfers.push(request);
    return { success: true, transferId: `tr_test_${(this.counter += 1)}` };
  }
}
