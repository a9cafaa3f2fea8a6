import type { GiftListItemView } from '@api/gifts';
import { OFFLINE_GIFT_METHOD_LABELS } from '@core/model/offline-gift';

/** How a gift came, in words: Online, or how it was given by hand (Cash, Check, Other). */
export function givenByLabel(givenBy: GiftListItemView['givenBy']): string {
  return givenBy === 'online' ? 'Online' : OFFLINE_GIFT_METHOD_LABELS[givenBy];
}
