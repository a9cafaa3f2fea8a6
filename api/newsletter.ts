import { newsletterSchema } from '@core/newsletter/newsletter-schemas';
import { exactObject, text } from './json-schema';
import { operation } from './operation';
import { messageSchema } from './registries';

export const newsletterOperations = [
  operation({
    method: 'POST',
    path: '/api/newsletter',
    operationId: 'subscribeToNewsletter',
    session: 'none',
    summary: 'Put an address on the newsletter list, with its consent (the same answer if it is already there)',
    body: newsletterSchema,
    responses: { 200: { description: 'Subscribed', schema: messageSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    operationId: 'unsubscribeFromNewsletter',
    session: 'none',
    summary: "Take an address off the list with the token of its e-mails' unsubscribe link",
    body: exactObject({ token: text }),
    responses: { 200: { description: 'Unsubscribed', schema: messageSchema } },
  }),
];
