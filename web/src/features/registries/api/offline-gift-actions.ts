import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { toWireAmount } from '@api/amount';
import { OFFLINE_GIFT_AMOUNT_MESSAGES, offlineGiftSchema } from '@core/offline-gift/offline-gift-schemas';
import type { OfflineGiftMethod } from '@core/model/offline-gift';
import type { MessageAnswer } from '@api/registries';
import type { OfflineGiftView } from '@api/offline-gifts';
import { apiFetch } from '@/lib/api-fetch';
import { typedAmountField } from '@/lib/typed-amount';
import { typedCents } from '@/lib/typed-cents';
import { registryPath } from '@/lib/use-registry';

/** What the dialog edits: the amount as typed, the date as the date input gives it (yyyy-mm-dd). */
export interface OfflineGiftValues {
  giftGiverName: string;
  giftGiverEmail: string;
  amount: string;
  method: OfflineGiftMethod;
  receivedOn: string;
  note: string;
}

/** Core's rules for the dialog, the amount as typed: `now` bounds the date. */
export function offlineGiftFormSchema(now: Date) {
  const schema = offlineGiftSchema(now);
  return schema.omit(['amount']).shape({ amount: typedAmountField(schema.fields.amount, OFFLINE_GIFT_AMOUNT_MESSAGES) });
}

/** The body the calls take: core's fields, trimmed, and the amount as the wire carries it (the dialog checked it is one). */
function bodyOf(values: OfflineGiftValues) {
  const cents = typedCents(values.amount);
  if (cents === null) throw new Error('The dialog sends only an amount it has read');
  return { ...offlineGiftSchema(new Date()).omit(['amount']).cast(values, { stripUnknown: true }), amount: toWireAmount(cents) };
}

function offlineGiftPath(id: string): string {
  return `/api/offline-gifts/${encodeURIComponent(id)}`;
}

/**
 * Recording, correcting and removing a registry's gifts given by hand. Each change drops the
 * registry's gift list pages and its contributors, so the totals, the list and the thank-you
 * cards show it at once, and asks for the registry again (whether it still holds its currency).
 */
export function useOfflineGiftActions(registryId: string) {
  const { mutate } = useSWRConfig();

  const refresh = useCallback(async () => {
    const prefix = registryPath(registryId);
    await Promise.all([
      mutate((key) => typeof key === 'string' && (key.startsWith(`${prefix}/gift-list`) || key === `${prefix}/contributors`), undefined, {
        revalidate: true,
      }),
      // The registry's own view (a RegistryKey, under whichever viewer): asked again, kept on screen meanwhile.
      mutate((key) => Array.isArray(key) && key[0] === prefix),
    ]);
  }, [mutate, registryId]);

  const record = useCallback(
    async (values: OfflineGiftValues): Promise<OfflineGiftView> => {
      const gift = await apiFetch<OfflineGiftView>(`${registryPath(registryId)}/offline-gifts`, { method: 'POST', body: bodyOf(values) });
      await refresh();
      return gift;
    },
    [refresh, registryId],
  );

  const update = useCallback(
    async (id: string, values: OfflineGiftValues): Promise<OfflineGiftView> => {
      const gift = await apiFetch<OfflineGiftView>(offlineGiftPath(id), { method: 'PUT', body: bodyOf(values) });
      await refresh();
      return gift;
    },
    [refresh],
  );

  const remove = useCallback(
    async (id: string): Promise<void> => {
      await apiFetch<MessageAnswer>(offlineGiftPath(id), { method: 'DELETE' });
      await refresh();
    },
    [refresh],
  );

  return { record, update, remove };
}
