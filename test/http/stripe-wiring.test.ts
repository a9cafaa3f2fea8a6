import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { WEBHOOK_SECRET, sign, succeededEvent } from '../adapters/stripe/stripe-events';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_51GiftRegistryTestKeyNotReal',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51GiftRegistry',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('the app with Stripe configured', () => {
  it('tells the web app to use Stripe with its publishable key, and offers no sandbox', async () => {
    const client = new HttpClient(server.url);
    expect((await client.get('/api/config')).json).toMatchObject({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_test_51GiftRegistry',
      sandboxTestMode: null,
    });
    expect((await client.post('/api/sandbox/confirm', { clientSecret: 'x', cardNumber: '4242424242424242' })).status).toBe(404);
  });

  it('accepts a signed webhook through the whole app (no session, no cross-site check, raw body) and refuses a forged one', async () => {
    const payload = succeededEvent({ id: 'pi_nobody_knows', amount: 4048 });
    const post = (signature: string, origin?: string) =>
      fetch(`${server.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature, ...(origin ? { Origin: origin } : {}) },
        body: payload,
      });
    const good = await post(sign(payload), 'https://stripe.example');
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true });
    const forged = await post(sign(payload, { secret: 'whsec_wrong' }));
    expect(forged.status).toBe(400);
  });
});
