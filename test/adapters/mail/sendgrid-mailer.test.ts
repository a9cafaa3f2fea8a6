import { inspect } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SendGridError, SendGridMailer } from '../../../adapters/mail/sendgrid-mailer';
import { recordUnhandledRequests } from '../photos/fake-google-cloud-storage';
import { fakeSendGrid } from './fake-sendgrid';
import type { OutgoingMail } from '@core/ports/mailer';

const API_KEY = 'SG.test-key.abcdefghijklmnopqrstuvwxyz0123456789';
const OTHER_KEY = 'SG.other-key.zyxwvutsrqponmlkjihgfedcba9876543210';
const FROM = 'Mitzvah Gifts <gifts@mitzvahgifts.test>';

const sendgrid = fakeSendGrid([API_KEY, OTHER_KEY]);
// Nothing here may reach the internet: a request MSW does not answer fails the test.
const server = setupServer(...sendgrid.handlers);
const { strict, unhandled } = recordUnhandledRequests();

beforeAll(() => server.listen({ onUnhandledFrame: strict }));
beforeEach(() => sendgrid.reset());
afterEach(() => {
  server.resetHandlers();
  expect(unhandled.splice(0)).toEqual([]);
});
afterAll(() => server.close());

const receipt: OutgoingMail = {
  id: '0f8f3c1e-7a51-4c1b-9d2e-5b8a6c4d3e21',
  kind: 'gift-receipt',
  to: 'sarah.levi@example.com',
  subject: 'Thank you for your gift to Noa’s Bat Mitzvah 🎉',
  text: 'Shalom Sarah,\nThank you!',
  html: '<p>Shalom Sarah,</p><p>Thank you!</p>',
};

async function failureOf(promise: Promise<unknown>): Promise<SendGridError> {
  try {
    await promise;
  } catch (error) {
    return error as SendGridError;
  }
  throw new Error('expected the send to fail');
}

/** Every way an error could be shown: logged by pino, printed, serialized. */
function everythingIn(error: unknown): string {
  return [String(error), (error as Error).stack, JSON.stringify(error), inspect(error, { depth: 20, showHidden: true })].join('\n');
}

describe('SendGridMailer (official SDK, MSW as SendGrid)', () => {
  it('posts one message to v3/mail/send with the key, sender, recipient, subject, and text and HTML content', async () => {
    await new SendGridMailer({ apiKey: API_KEY, from: FROM }).send(receipt);

    expect(sendgrid.received).toHaveLength(1);
    const [request] = sendgrid.received;
    expect(request!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.contentType).toMatch(/^application\/json/);
    expect(request!.body.from).toEqual({ email: 'gifts@mitzvahgifts.test', name: 'Mitzvah Gifts' });
    expect(request!.body.personalizations).toEqual([{ to: [{ email: 'sarah.levi@example.com' }] }]);
    expect(request!.body.subject).toBe(receipt.subject);
    expect(request!.body.content).toEqual([
      { type: 'text/plain', value: receipt.text },
      { type: 'text/html', value: receipt.html },
    ]);
    expect(request!.body.tracking_settings).toEqual({
      click_tracking: { enable: false, enable_text: false },
      open_tracking: { enable: false },
    });
  });

  it('names the message and its kind for the Event Webhook, and carries the one-click unsubscribe and the family’s name when it has them', async () => {
    const mailer = new SendGridMailer({ apiKey: API_KEY, from: FROM });
    await mailer.send(receipt);
    await mailer.send({
      ...receipt,
      id: '7d1f0c2a-5b3e-4f6a-8c9d-0e1f2a3b4c5d',
      kind: 'thank-you-card',
      senderName: 'The Cohen family via Mitzvah Gifts',
      unsubscribeUrl: 'https://gifts.example/api/unsubscribe/Tok_en-1',
    });
    const [plain, card] = sendgrid.received.map((request) => request.body);
    expect(plain!.custom_args).toEqual({ mail_id: receipt.id, mail_kind: 'gift-receipt' });
    expect(plain!.headers).toBeUndefined();
    expect(card!.custom_args).toEqual({ mail_id: '7d1f0c2a-5b3e-4f6a-8c9d-0e1f2a3b4c5d', mail_kind: 'thank-you-card' });
    expect(card!.from).toEqual({ email: 'gifts@mitzvahgifts.test', name: 'The Cohen family via Mitzvah Gifts' });
    expect(card!.headers).toEqual({
      'List-Unsubscribe': '<https://gifts.example/api/unsubscribe/Tok_en-1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('uses a client of its own: two mailers with two keys each send with their own', async () => {
    const first = new SendGridMailer({ apiKey: API_KEY, from: FROM });
    const second = new SendGridMailer({ apiKey: OTHER_KEY, from: FROM });
    await second.send(receipt);
    await first.send(receipt);
    expect(sendgrid.received.map((request) => request.authorization)).toEqual([`Bearer ${OTHER_KEY}`, `Bearer ${API_KEY}`]);
  });

  it('rejects on 401 with the status and SendGrid’s reason, and no trace of the key', async () => {
    const badKey = 'SG.revoked-key.0000000000000000000000000000000000';
    const error = await failureOf(new SendGridMailer({ apiKey: badKey, from: FROM }).send(receipt));
    expect(error).toBeInstanceOf(SendGridError);
    expect(error.status).toBe(401);
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('authorization grant is invalid');
    expect(everythingIn(error)).not.toContain('revoked-key');
  });

  it('rejects on 500 (so the queue tries again later), without the key', async () => {
    sendgrid.failNext({ status: 500, message: 'Internal Server Error' });
    const error = await failureOf(new SendGridMailer({ apiKey: API_KEY, from: FROM }).send(receipt));
    expect(error.status).toBe(500);
    expect(everythingIn(error)).not.toContain('test-key');
  });

  it('rejects on 400, blanking any address SendGrid quotes back', async () => {
    sendgrid.failNext({
      status: 400,
      message: 'Does not contain a valid address: sarah.levi@example.com',
      field: 'personalizations.0.to.0.email',
    });
    const error = await failureOf(new SendGridMailer({ apiKey: API_KEY, from: FROM }).send(receipt));
    expect(error.status).toBe(400);
    expect(error.message).toContain('Does not contain a valid address: [address]');
    expect(everythingIn(error)).not.toContain('sarah.levi');
  });

  it('rejects when SendGrid cannot be reached, and the SDK’s request (with its Authorization header) stays behind', async () => {
    sendgrid.failNext('network');
    const error = await failureOf(new SendGridMailer({ apiKey: API_KEY, from: FROM }).send(receipt));
    expect(error).toBeInstanceOf(SendGridError);
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/could not be reached/);
    expect(everythingIn(error)).not.toContain('test-key');
    expect(everythingIn(error)).not.toContain('Bearer');
  });

  it('gives up after its timeout rather than hanging the worker', async () => {
    sendgrid.failNext({ delayMs: 2_000 });
    const started = Date.now();
    const error = await failureOf(new SendGridMailer({ apiKey: API_KEY, from: FROM, timeoutMs: 150 }).send(receipt));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error.status).toBeNull();
    expect(everythingIn(error)).not.toContain('test-key');
  });

  it('shows neither the key nor its client when the mailer itself is logged', () => {
    const mailer = new SendGridMailer({ apiKey: API_KEY, from: FROM });
    expect(inspect(mailer, { depth: 20, showHidden: true })).not.toContain('test-key');
    expect(JSON.stringify(mailer)).not.toContain('test-key');
  });
});
