import { cardForAllRecipients, type CardForAllRecipients } from '@core/thank-you/card-for-all-recipients';
import { defaultThankYouMessage } from '@core/thank-you/default-message';
import { GIVER_NAME_PLACEHOLDER } from '@core/thank-you/giver-name-placeholder';
import type { CelebrationType } from '@core/model/celebration-title';
import type { ContributorView } from '@api/thank-you';
import type { CardValues } from './card-values';

/** Who the card for everyone goes to: the server's own rule, over the page's list. */
export function recipientsOf(contributors: readonly ContributorView[]): CardForAllRecipients<ContributorView> {
  return cardForAllRecipients(contributors, (contributor) => ({
    giverName: contributor.giftGiverName,
    giverEmail: contributor.giftGiverEmail,
    noteStatus: contributor.thankYouNote?.status ?? null,
  }));
}

/** A new card for everyone: the single card's default message, with the placeholder for the name. */
export function initialCardForAllValues(childName: string, celebrationType: CelebrationType): CardValues {
  return {
    templateId: 'traditional',
    customMessage: defaultThankYouMessage(GIVER_NAME_PLACEHOLDER, childName, celebrationType),
    imageUrls: [],
    imageSize: 'medium',
  };
}

/** "Noam", "Noam and Eve", "Noam, Eve and Dan". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function cardsCount(count: number): string {
  return count === 1 ? '1 card' : `${count} cards`;
}
