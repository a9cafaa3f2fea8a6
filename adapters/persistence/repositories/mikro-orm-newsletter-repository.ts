import type { NewNewsletterSubscriber, NewsletterRepository } from '@core/ports/newsletter-repository';
import { NewsletterSubscriberEntity } from '../entities/newsletter-subscriber-entity';
import type { EntityManagerSource } from './entity-manager-source';

export class MikroOrmNewsletterRepository implements NewsletterRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async subscribe(subscriber: NewNewsletterSubscriber): Promise<{ id: string } | null> {
    // One statement: two clicks at once add one row, and the second learns it was there.
    const [row] = await this.em().execute<{ id: string }[]>(
      `insert into "newsletter_subscribers" ("email", "unsubscribe_token_hash", "consented_at") values (?, ?, ?)
       on conflict ("email") do nothing returning "id"`,
      [subscriber.email.toLowerCase(), subscriber.unsubscribeTokenHash, subscriber.consentedAt],
    );
    return row ? { id: row.id } : null;
  }

  async unsubscribe(unsubscribeTokenHash: string): Promise<boolean> {
    return (await this.em().nativeDelete(NewsletterSubscriberEntity, { unsubscribeTokenHash })) > 0;
  }

  async unsubscribeAddress(email: string): Promise<boolean> {
    return (await this.em().nativeDelete(NewsletterSubscriberEntity, { email: email.toLowerCase() })) > 0;
  }

  async isSubscribed(email: string): Promise<boolean> {
    return (await this.em().count(NewsletterSubscriberEntity, { email: email.toLowerCase() })) > 0;
  }
}
