import { isUuid } from '@core/ids';
import type { NewThankYouCard, ThankYouCardRepository } from '@core/ports/thank-you-card-repository';
import type { ThankYouCard } from '@core/model/thank-you-note';
import { ThankYouCardEntity, type ThankYouCardRow } from '../entities/thank-you-card-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toCard(row: ThankYouCardRow): ThankYouCard {
  return { ...row, imageUrls: [...(row.imageUrls ?? [])] };
}

export class MikroOrmThankYouCardRepository implements ThankYouCardRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(card: NewThankYouCard): Promise<ThankYouCard> {
    const em = this.em();
    const row = em.create(ThankYouCardEntity, { ...card, imageUrls: [...card.imageUrls], createdAt: new Date() } as ThankYouCardRow);
    await em.flush();
    return toCard(row);
  }

  async listByRegistry(registryId: string): Promise<ThankYouCard[]> {
    if (!isUuid(registryId)) return [];
    return (await this.em().find(ThankYouCardEntity, { registryId }, { orderBy: { createdAt: 'desc' } })).map(toCard);
  }
}
