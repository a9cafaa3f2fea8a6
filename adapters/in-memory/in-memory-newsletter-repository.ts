import type { NewNewsletterSubscriber, NewsletterRepository } from '@core/ports/newsletter-repository';

export class InMemoryNewsletterRepository implements NewsletterRepository {
  rows = new Map<string, NewNewsletterSubscriber & { id: string }>();

  async subscribe(subscriber: NewNewsletterSubscriber): Promise<{ id: string } | null> {
    const email = subscriber.email.toLowerCase();
    if ([...this.rows.values()].some((row) => row.email === email)) return null;
    const row = { ...subscriber, email, id: crypto.randomUUID() };
    this.rows.set(row.id, row);
    return { id: row.id };
  }

  async unsubscribe(unsubscribeTokenHash: string): Promise<boolean> {
    const row = [...this.rows.values()].find((candidate) => candidate.unsubscribeTokenHash === unsubscribeTokenHash);
    if (!row) return false;
    this.rows.delete(row.id);
    return true;
  }

  async unsubscribeAddress(email: string): Promise<boolean> {
    const row = [...this.rows.values()].find((candidate) => candidate.email === email.toLowerCase());
    if (!row) return false;
    this.rows.delete(row.id);
    return true;
  }

  async isSubscribed(email: string): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.email === email.toLowerCase());
  }
}
