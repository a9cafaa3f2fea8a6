import type { NewThankYouCard, ThankYouCardRepository } from '@core/ports/thank-you-card-repository';
import type { ThankYouCard } from '@core/model/thank-you-note';

export class InMemoryThankYouCardRepository implements ThankYouCardRepository {
  rows = new Map<string, ThankYouCard>();

  async create(card: NewThankYouCard): Promise<ThankYouCard> {
    const row: ThankYouCard = { ...card, imageUrls: [...card.imageUrls], id: crypto.randomUUID(), createdAt: new Date() };
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async listByRegistry(registryId: string): Promise<ThankYouCard[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((row) => structuredClone(row));
  }

  /** Cards go with their registry, as the database's cascade does. */
  deleteByRegistry(registryId: string): void {
    for (const [id, row] of this.rows) if (row.registryId === registryId) this.rows.delete(id);
  }
}
