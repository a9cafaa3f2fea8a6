import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { SendGridMailer } from '../../adapters/mail/sendgrid-mailer';
import { recordUnhandledRequests } from '../support/msw-unhandled';
import { fakeSendGrid, type ReceivedMail } from '../adapters/mail/fake-sendgrid';
import { CONTRACT_SENDER, mailerContract, type DeliveredMail } from './mailer.contract';

const API_KEY = 'SG.contract-key.abcdefghijklmnopqrstuvwxyz0123456789';
const sendgrid = fakeSendGrid([API_KEY]);
const server = setupServer(...sendgrid.handlers);
const { strict, unhandled } = recordUnhandledRequests();

beforeAll(() => server.listen({ onUnhandledFrame: strict }));
afterEach(() => {
  // Nothing here may reach the internet.
  expect(unhandled.splice(0)).toEqual([]);
});
afterAll(() => server.close());

/** A message SendGrid took, as its recipient reads it: every recipient, and each content by type. */
function asDelivered(body: ReceivedMail['body']): DeliveredMail {
  const content = (type: string) =>
    body.content
      .filter((part) => part.type === type)
      .map((part) => part.value)
      .join('');
  const unsubscribe = body.headers?.['List-Unsubscribe'];
  return {
    from: { name: body.from.name ?? '', address: body.from.email },
    to: body.personalizations.flatMap((personalization) => personalization.to.map((recipient) => recipient.email)).join(', '),
    ...(body.reply_to ? { replyTo: body.reply_to.email } : {}),
    subject: body.subject,
    text: content('text/plain'),
    html: content('text/html'),
    ...(body.attachments?.length
      ? {
          attachments: body.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.type ?? '',
            content: Buffer.from(file.content, 'base64').toString('utf8'),
          })),
        }
      : {}),
    ...(unsubscribe
      ? {
          unsubscribe: {
            url: unsubscribe.replace(/^<|>$/g, ''),
            oneClick: body.headers?.['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

mailerContract('SendGrid (over MSW)', async () => {
  sendgrid.reset();
  return {
    mailer: new SendGridMailer({ apiKey: API_KEY, from: CONTRACT_SENDER }),
    delivered: async () => sendgrid.accepted.map(asDelivered),
    failNextDelivery: async () => sendgrid.failNext({ status: 503, message: 'Service Unavailable' }),
  };
});
