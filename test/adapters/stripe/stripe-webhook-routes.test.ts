import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { koaBody } from 'koa-body';
import { afterEach, describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock';
import { koaAppWithErrors } from '../../support/koa-app';
import { STRIPE_WEBHOOK_BODY_LIMIT, STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from '../../../adapters/http/routes/stripe-webhook-routes';
import { StripePaymentNotices } from '../../../adapters/payments/stripe/stripe-webhook';
import { DEFAULT_PROCESSING_RATES } from '../../../bootstrap/config';
import { startGift } from '@core/gift/start-gift';
import { createGiftService } from '@core/gift/gift-service';
import { createDisputeService } from '@core/dispute/dispute-service';
import { nodeSecretTokens } from '../../../adapters/security/node-secret-tokens';
import { aCharity, aNewRegistry, aNewUser } from '../../support/builders';
import {
  WEBHOOK_SECRET,
  disputeEvent,
  failedEvent,
  refundedEvent,
  sign,
  stripeEvent,
  stripeForWebhooks,
  succeededEvent,
} from './stripe-events';
import { verifyLedger } from '@core/ledger/verify-ledger';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      const closed = new Promise((resolve) => server.close(resolve));
      // fetch keeps its connections alive; close() alone would wait for them to time out.
      server.closeAllConnections();
      return closed;
    }),
  );
});

/** The webhook router in a tiny Koa app over the in-memory fakes, listening on a real port. */
async function webhookApp(options: { bodyParserFirst?: boolean } = {}) {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const { app, logs } = koaAppWithErrors();
  if (options.bodyParserFirst) app.use(koaBody({ json: true, urlencoded: false, text: false, multipart: false }));
  // The payments whose start the webhook gave back (the payment-address limit's, payment-starts.ts).
  const paidStarts: string[] = [];
  const paymentStarts = {
    count: async () => {},
    uncount: async () => {},
    started: async () => {},
    paid: async (id: string) => void paidStarts.push(id),
  };
  const clock = new FixedClock();
  const [appUrl, supportEmail] = ['https://gifts.example.org', 'help@gifts.example.org'];
  const router = stripeWebhookRoutes({
    gifts: createGiftService({
      repositories,
      gateway,
      rates: DEFAULT_PROCESSING_RATES,
      tokens: nodeSecretTokens,
      clock,
      appUrl,
      supportEmail,
    }),
    disputes: createDisputeService({ repositories, gateway, clock, appUrl, supportEmail }),
    notices: new StripePaymentNotices({ stripe: stripeForWebhooks, webhookSecret: WEBHOOK_SECRET }),
    countOutcome: () => undefined,
    paymentStarts,
  });
  app.use(router.routes());
  app.use(router.allowedMethods());

  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${STRIPE_WEBHOOK_PATH}`;

  const user = await repositories.users.create(aNewUser());
  const charity = await repositories.charities.create(aCharity());
  const registry = await repositories.registries.create(aNewRegistry(user.id));
  const started = await startGift(
    {
      registryId: registry.id,
      charityId: charity.id,
      giftGiverName: 'Aunt Miriam',
      giftGiverEmail: 'miriam@example.com',
      amount: 10_000,
      personalMessage: 'Mazel tov!',
    },
    { unitOfWork: repositories, gifts: repositories.gifts, gateway, rates: DEFAULT_PROCESSING_RATES },
  );
  const paymentIntentId = started.gift.paymentIntentId!;

  return {
    url,
    logs,
    paidStarts,
    repositories,
    gateway,
    registry,
    paymentIntentId,
    total: started.breakdown.totalAmount,
    gift: () => repositories.gifts.findById(started.gift.id),
    totalReceived: async () => (await repositories.registries.findById(registry.id))!.totalReceived,
  };
}

async function post(url: string, body: string | Buffer<ArrayBuffer>, signature?: string) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  };
  if (signature !== undefined) headers['Stripe-Signature'] = signature;
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe(`POST ${STRIPE_WEBHOOK_PATH}`, () => {
  it('credits a paid gift once, however often Stripe delivers the event', async () => {
    const app = await webhookApp();
    expect(app.total).toBe(10_639);
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total });

    for (let delivery = 0; delivery < 3; delivery += 1) {
      expect(await post(app.url, body, sign(body))).toEqual({ status: 200, json: { received: true } });
    }

    expect(await app.gift()).toMatchObject({ paymentStatus: 'succeeded' });
    expect(await app.totalReceived()).toBe(10_000);
    expect(app.logs.filter((line) => line.includes('gift credited'))).toHaveLength(1);
    // The giver may have closed the tab before their page asked: the webhook gives the start back
    // (once: the note is taken by the first ask, payment-starts.ts).
    expect(new Set(app.paidStarts)).toEqual(new Set([app.paymentIntentId]));
  });

  it('gives no start back for a declined payment: declines are what the limit counts', async () => {
    const app = await webhookApp();
    const body = failedEvent({ id: app.paymentIntentId, amount: app.total });
    expect((await post(app.url, body, sign(body))).status).toBe(200);
    expect(app.paidStarts).toEqual([]);
  });

  it('follows a dispute through its five events, out of order and twice, taking each step once and keeping the books whole', async () => {
    const app = await webhookApp();
    const paid = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    await post(app.url, paid, sign(paid));
    const dispute = { id: 'du_1GiftRoute0001', paymentIntentId: app.paymentIntentId, amount: app.total };
    const events = [
      disputeEvent('funds_withdrawn', { ...dispute, status: 'needs_response' }),
      disputeEvent('created', { ...dispute, status: 'needs_response', withdrawn: false }),
      disputeEvent('updated', { ...dispute, status: 'under_review' }),
      disputeEvent('created', { ...dispute, status: 'needs_response', withdrawn: false }),
    ];
    for (const body of events) expect(await post(app.url, body, sign(body))).toEqual({ status: 200, json: { received: true } });
    expect(await app.gift()).toMatchObject({ paymentStatus: 'disputed' });
    expect(await app.totalReceived()).toBe(0);
    expect((await app.repositories.disputes.list())[0]).toMatchObject({
      status: 'under_review',
      withdrawnAmount: app.total,
      withdrawnFee: 1_500,
    });

    const won = [
      disputeEvent('funds_reinstated', { ...dispute, status: 'won', reinstated: true }),
      disputeEvent('closed', { ...dispute, status: 'won', reinstated: true }),
    ];
    for (const body of [...won, ...won]) expect((await post(app.url, body, sign(body))).status).toBe(200);
    expect(await app.gift()).toMatchObject({ paymentStatus: 'succeeded' });
    expect(await app.totalReceived()).toBe(10_000);
    expect(app.logs.filter((line) => line.includes('gift disputed'))).toHaveLength(1);
    expect((await verifyLedger(app.repositories)).flatMap((verdict) => verdict.differences)).toEqual([]);
  });

  it('refuses a tampered event with 400 and credits nothing', async () => {
    const app = await webhookApp();
    const signed = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    const tampered = signed.replace(`"amount_received": ${app.total}`, `"amount_received": ${app.total + 100_000}`);
    expect(tampered).not.toBe(signed);

    expect(await post(app.url, tampered, sign(signed))).toEqual({ status: 400, json: { message: 'Invalid webhook signature' } });

    expect(await app.gift()).toMatchObject({ paymentStatus: 'pending' });
    expect(await app.totalReceived()).toBe(0);
  });

  it.each([
    ['no signature', (_body: string): string | undefined => undefined],
    ['a stale signature', (body: string) => sign(body, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
    ['another secret', (body: string) => sign(body, { secret: 'whsec_someoneElsesEndpointSecret000000' })],
  ])('refuses an event with %s with 400', async (_label, signatureFor) => {
    const app = await webhookApp();
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    expect(await post(app.url, body, signatureFor(body))).toEqual({ status: 400, json: { message: 'Invalid webhook signature' } });
    expect(await app.totalReceived()).toBe(0);
  });

  it('credits nothing when the amount paid is not the gift’s total, and says so in the log', async () => {
    const app = await webhookApp();
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total - 1 });

    expect(await post(app.url, body, sign(body))).toEqual({ status: 200, json: { received: true } });

    expect(await app.gift()).toMatchObject({ paymentStatus: 'pending' });
    expect(await app.totalReceived()).toBe(0);
    expect(app.logs.join('')).toContain('does not match the gift');
  });

  it('credits nothing for a payment in another currency', async () => {
    const app = await webhookApp();
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total, currency: 'cad' });
    expect(await post(app.url, body, sign(body))).toEqual({ status: 200, json: { received: true } });
    expect(await app.totalReceived()).toBe(0);
  });

  it('marks the gift failed when the payment failed, and lets a later success still credit it', async () => {
    const app = await webhookApp();
    const failed = failedEvent({ id: app.paymentIntentId, amount: app.total });

    expect(await post(app.url, failed, sign(failed))).toEqual({ status: 200, json: { received: true } });
    expect(await app.gift()).toMatchObject({ paymentStatus: 'failed' });

    // The giver tried another card.
    const succeeded = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    expect((await post(app.url, succeeded, sign(succeeded))).status).toBe(200);
    expect(await app.gift()).toMatchObject({ paymentStatus: 'succeeded' });
    expect(await app.totalReceived()).toBe(10_000);
  });

  it('answers 200 to events it ignores and to payments of no gift of ours, changing nothing', async () => {
    const app = await webhookApp();
    const refunded = stripeEvent('customer.created', { id: 'cus_3GiftTest', object: 'customer' });
    const stranger = succeededEvent({ id: 'pi_3SomeoneElse00000000000001', amount: app.total });

    expect(await post(app.url, refunded, sign(refunded))).toEqual({ status: 200, json: { received: true } });
    expect(await post(app.url, stranger, sign(stranger))).toEqual({ status: 200, json: { received: true } });

    expect(await app.gift()).toMatchObject({ paymentStatus: 'pending' });
    expect(await app.totalReceived()).toBe(0);
  });

  it('follows a refund made in Stripe’s dashboard while the registry is open: out of the total, the giver told, once', async () => {
    const app = await webhookApp();
    const paid = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    expect((await post(app.url, paid, sign(paid))).status).toBe(200);
    const refunded = refundedEvent({ paymentIntentId: app.paymentIntentId, amount: app.total });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect(await post(app.url, refunded, sign(refunded))).toEqual({ status: 200, json: { received: true } });
    }
    expect(await app.gift()).toMatchObject({ paymentStatus: 'refunded' });
    expect(await app.totalReceived()).toBe(0);
    expect(
      app.repositories.mail.queued.filter((mail) => mail.to === 'miriam@example.com' && mail.subject.endsWith('was refunded')),
    ).toHaveLength(1);
    expect((await app.repositories.audit.list(5)).map((event) => event.actorLabel)).toEqual(['provider:refund', 'provider:refund']);
    expect(app.gateway.refunds).toEqual([]);
  });

  it('changes nothing for a partial refund or one after a payout of the closed registry was claimed, and logs it for a person', async () => {
    const app = await webhookApp();
    const paid = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    expect((await post(app.url, paid, sign(paid))).status).toBe(200);
    const partial = refundedEvent({ paymentIntentId: app.paymentIntentId, amount: app.total, refunded: 500 });
    expect((await post(app.url, partial, sign(partial))).status).toBe(200);
    expect(await app.gift()).toMatchObject({ paymentStatus: 'succeeded' });
    expect(app.logs.join('')).toContain('partial refund at the provider');

    await app.repositories.registries.update(app.registry.id, { status: 'closed', payoutStatus: 'sending' });
    const full = refundedEvent({ paymentIntentId: app.paymentIntentId, amount: app.total });
    expect((await post(app.url, full, sign(full))).status).toBe(200);
    expect(await app.gift()).toMatchObject({ paymentStatus: 'succeeded' });
    expect(await app.totalReceived()).toBe(10_000);
    expect(app.logs.join('')).toContain('refunded at the provider after a payout of its registry was claimed or sent');
  });

  it('answers 500 when the news cannot be recorded, so Stripe delivers it again, and the redelivery lands', async () => {
    const app = await webhookApp();
    // The registry closed before the payment landed, and the refund call fails for now.
    app.repositories.registries.rows.set(app.registry.id, { ...app.repositories.registries.rows.get(app.registry.id)!, status: 'closed' });
    app.gateway.down = true;
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total });

    const first = await post(app.url, body, sign(body));
    expect(first.status).toBe(500);
    expect(first.json.message).toMatch(/Something went wrong on our side/);
    expect(await app.gift()).toMatchObject({ paymentStatus: 'pending' });

    app.gateway.down = false;
    expect(await post(app.url, body, sign(body))).toEqual({ status: 200, json: { received: true } });
    expect(await app.gift()).toMatchObject({ paymentStatus: 'refunded' });
    expect(app.gateway.refunds).toHaveLength(1);
    expect(await app.totalReceived()).toBe(0);
  });

  it('refuses a body over 1 MB with 413 before reading it', async () => {
    const app = await webhookApp();
    const body = Buffer.alloc(STRIPE_WEBHOOK_BODY_LIMIT + 1, ' ');
    expect(await post(app.url, body, sign(body.toString()))).toEqual({ status: 413, json: { message: 'Request is too large' } });
  });

  it('refuses a body over 1 MB sent without a length with 413, without buffering the rest', async () => {
    const app = await webhookApp();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        app.url,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      // The server answers and closes before this sender is done; that is the point.
      request.on('error', (error: NodeJS.ErrnoException) =>
        ['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error),
      );
      const chunk = Buffer.alloc(64 * 1024, ' ');
      let sent = 0;
      const pump = () => {
        while (sent <= 4 * STRIPE_WEBHOOK_BODY_LIMIT) {
          sent += chunk.length;
          if (!request.write(chunk)) return request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: 'Request is too large' });
  });

  it('never logs the body, the signature or the client secret', async () => {
    const app = await webhookApp();
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total });
    const signature = sign(body);
    const tampered = body.replace('"livemode": false', '"livemode": true');
    await post(app.url, tampered, signature);
    await post(app.url, body, signature);

    const logged = app.logs.join('');
    expect(logged).toContain('gift credited');
    expect(logged).not.toContain(signature.split('v1=')[1]);
    expect(logged).not.toContain('_secret_');
    expect(logged).not.toContain('miriam@example.com');
    expect(logged).not.toContain('"livemode"');
  });

  it('fails loudly, crediting nothing, when a body parser has read the body first', async () => {
    const app = await webhookApp({ bodyParserFirst: true });
    const body = succeededEvent({ id: app.paymentIntentId, amount: app.total });

    expect((await post(app.url, body, sign(body))).status).toBe(500);

    expect(await app.totalReceived()).toBe(0);
    expect(app.logs.join('')).toContain('exempt the path from the body parser');
  });
});
