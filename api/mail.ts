import { OPT_OUT_CATEGORIES } from '@core/model/mail-kinds';
import { count, exactObject, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

export const unsubscribedSchema = exactObject({ category: oneOfValues(OPT_OUT_CATEGORIES), message: text });
export type UnsubscribedAnswer = Wire<typeof unsubscribedSchema>;

export const mailEventsReceivedSchema = exactObject({ received: count });

export const mailOperations = [
  operation({
    method: 'GET',
    path: '/api/unsubscribe/{token}',
    operationId: 'openUnsubscribeLink',
    session: 'none',
    summary: 'An unsubscribe link opened in a browser: changes nothing, and answers 303 to the page that asks (/unsubscribe/{category})',
    responses: { 303: { description: 'To the unsubscribe page (or its "link does not work" page)' } },
  }),
  operation({
    method: 'POST',
    path: '/api/unsubscribe/{token}',
    operationId: 'unsubscribeOneClick',
    session: 'none',
    summary:
      'One-click unsubscribe (RFC 8058): the address stops receiving that category of e-mail at once. No session or cross-site check; a mailbox provider posts List-Unsubscribe=One-Click, which is not read',
    responses: { 200: { description: 'Unsubscribed (also when it already was)', schema: unsubscribedSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/webhooks/sendgrid',
    operationId: 'receiveSendGridEvents',
    session: 'none',
    summary:
      "SendGrid's signed Event Webhook: bounces, drops, spam reports and unsubscribes, stored once each for the mail worker (404 while SENDGRID_WEBHOOK_PUBLIC_KEY is not set)",
    responses: { 200: { description: 'How many of the events were new (others are ignored)', schema: mailEventsReceivedSchema } },
  }),
];
