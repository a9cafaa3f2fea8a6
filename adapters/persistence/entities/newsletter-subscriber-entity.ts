import { EntitySchema } from '@mikro-orm/core';

/** One row per address on the newsletter list (stored lower-cased); the row goes when it unsubscribes. */
export interface NewsletterSubscriberRow {
  id: string;
  email: string;
  unsubscribeTokenHash: string;
  consentedAt: Date;
  createdAt: Date;
}

export const NewsletterSubscriberEntity = new EntitySchema<NewsletterSubscriberRow>({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscribers',
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    email: { type: 'string', length: 255, unique: 'newsletter_subscribers_email_unique' },
    unsubscribeTokenHash: { type: 'string', length: 64, unique: 'newsletter_subscribers_unsubscribe_token_hash_unique' },
    consentedAt: { type: 'datetime' },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
