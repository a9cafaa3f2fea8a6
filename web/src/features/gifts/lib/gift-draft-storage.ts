import type { GiftFormValues } from './gift-form-values';

/**
 * What a guest typed into the gift form, kept in this tab's session storage only across a reload
 * into a new release (lib/chunk-recovery.ts), and taken out as soon as the form is back.
 */
export const GIFT_DRAFT_KEY = 'mitzvah-gifts.gift-draft';
const FIELDS = ['charityId', 'giftGiverName', 'giftGiverEmail', 'amount', 'personalMessage'] as const;

export function saveGiftDraft(registryId: string, values: GiftFormValues): void {
  window.sessionStorage.setItem(GIFT_DRAFT_KEY, JSON.stringify({ registryId, values }));
}

/** The draft kept for this registry, removed as it is read; null when there is none (or another registry's). */
export function takeGiftDraft(registryId: string): GiftFormValues | null {
  let stored: unknown;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(GIFT_DRAFT_KEY) ?? 'null');
    window.sessionStorage.removeItem(GIFT_DRAFT_KEY);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { registryId: savedFor, values } = stored as { registryId?: unknown; values?: Record<string, unknown> };
  if (savedFor !== registryId || typeof values !== 'object' || values === null) return null;
  const draft = {} as GiftFormValues;
  for (const field of FIELDS) draft[field] = typeof values[field] === 'string' ? values[field] : '';
  return draft;
}
