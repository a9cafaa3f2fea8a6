import { describe, expect, it } from 'vitest';
import { DomainError } from '@core/errors';
import { koaAppWithErrors } from '../support/koa-app';

/** A Koa app whose one route fails as a use case does when the payment provider is down. */
async function failingApp(error: DomainError) {
  const { app, logs } = koaAppWithErrors();
  app.use(() => {
    throw error;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/api/create-payment-intent`, { method: 'POST' });
  server.close();
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    lines: logs.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('a payment provider that fails', () => {
  it('is logged at error level with its own error and that error\'s cause, while the guest reads only "try again"', async () => {
    const network = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    const provider = new Error('An error occurred with our connection to Stripe. Request was retried 2 times.', { cause: network });
    const { status, body, lines } = await failingApp(
      new DomainError('payment.unavailable', 'Failed to process gift. Please try again.', undefined, provider),
    );

    expect(status).toBe(502);
    expect(body).toEqual({ message: 'Failed to process gift. Please try again.' });
    const line = lines.find((entry) => entry.msg === 'Failed to process gift. Please try again.');
    // pino writes the chain of causes into the message (and the stack).
    expect(line).toMatchObject({ level: 50, code: 'payment.unavailable', err: { message: `${provider.message}: ${network.message}` } });
  });
});
