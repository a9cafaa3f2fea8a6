import type { ThankYouCard } from '../model/thank-you-note';

export type NewThankYouCard = Omit<ThankYouCard, 'id' | 'createdAt'>;

/** The cards a family wrote once for many gifts (the spec's thank_you_cards table); each gift's own note records what its giver got. */
export interface ThankYouCardRepository {
  create(card: NewThankYouCard): Promise<ThankYouCard>;
  /** Newest first. */
  listByRegistry(registryId: string): Promise<ThankYouCard[]>;
}
