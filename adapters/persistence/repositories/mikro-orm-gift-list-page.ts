import { LISTED_PAYMENT_STATUSES } from '@core/model/gift';
import { giftListKeysPage, ordersInDatabase, type GiftListKey, type GiftListPage } from '@core/model/gift-list';
import { GIFT_LIST_PAGE_SIZE, type GiftListQuery } from '@core/model/gift-list-query';
import type { ReceivedGift } from '@core/model/received-gift';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { GiftEntity } from '../entities/gift-entity';
import { OfflineGiftEntity } from '../entities/offline-gift-entity';
import { decimalToCents } from '../types/cents-type';
import { toGift } from './to-gift';
import { toOfflineGift } from './to-offline-gift';

const LISTED = LISTED_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * The gifts of the list and those given by hand as one relation, with what it is searched and
 * sorted by; a gift by hand counts as given at noon UTC on its day (received-gift.ts's givenAt).
 */
const RECEIVED = (columns: string) => `(
  select false as "by_hand", "id", "created_at" as "given_at", "amount"${columns ? `, "gift_giver_name", "gift_giver_email", "personal_message" as "message"` : ''}
    from "gifts" where "registry_id" = ? and "payment_status" in (${LISTED})
  union all
  select true, "id", ("received_on" + time '12:00') at time zone 'UTC', "amount"${columns ? `, "gift_giver_name", "gift_giver_email", "note"` : ''}
    from "offline_gifts" where "registry_id" = ?
) as "received"`;

interface Row {
  by_hand: boolean;
  id: string;
}

interface KeyRow extends Row {
  given_at: Date | string;
  amount: string;
  gift_giver_name: string;
  gift_giver_email: string | null;
  message: string | null;
}

/**
 * The ids of one page ordered by the database: by date or amount, ties by date then id, all in
 * the direction asked (giftListKeysPage's order), over the indexes on (registry, created_at, id)
 * and (registry, amount, created_at, id), so a page reads its 50 rows however many there are.
 */
async function idsOrderedInDatabase(em: SqlEntityManager, registryId: string, query: GiftListQuery): Promise<Row[]> {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const first = query.sort === 'amount' ? `"amount" ${direction}, ` : '';
  return em.execute<Row[]>(
    `select "by_hand", "id" from ${RECEIVED('')} order by ${first}"given_at" ${direction}, "id" ${direction} limit ${GIFT_LIST_PAGE_SIZE} offset ${(query.page - 1) * GIFT_LIST_PAGE_SIZE}`,
    [registryId, registryId],
  );
}

/** A search folds accents, and names sort as people read them: those rules are core's, run on the keys alone. */
async function idsOrderedHere(em: SqlEntityManager, registryId: string, query: GiftListQuery): Promise<{ rows: Row[]; matching: number }> {
  const rows = await em.execute<KeyRow[]>(`select * from ${RECEIVED('keys')}`, [registryId, registryId]);
  const keys = rows.map((row): GiftListKey & Row => ({
    by_hand: row.by_hand,
    id: row.id,
    giftGiverName: row.gift_giver_name,
    giftGiverEmail: row.gift_giver_email,
    message: row.message,
    givenAt: new Date(row.given_at),
    amount: decimalToCents(String(row.amount)),
  }));
  const page = giftListKeysPage(keys, query);
  return { rows: page.keys, matching: page.matching };
}

async function countReceived(em: SqlEntityManager, registryId: string): Promise<number> {
  const [row] = await em.execute<{ count: string | number }[]>(
    `select (select count(*) from "gifts" where "registry_id" = ? and "payment_status" in (${LISTED})) + (select count(*) from "offline_gifts" where "registry_id" = ?) as "count"`,
    [registryId, registryId],
  );
  return Number(row?.count ?? 0);
}

/** One page of the owner's gift list (GiftRepository.pageReceived), read a page at a time. */
export async function pageReceived(em: SqlEntityManager, registryId: string, query: GiftListQuery): Promise<Pick<GiftListPage, 'gifts' | 'matching' | 'giftCount'>> {
  const inDatabase = ordersInDatabase(query);
  const [giftCount, ordered] = await Promise.all([
    countReceived(em, registryId),
    inDatabase ? idsOrderedInDatabase(em, registryId, query).then((rows) => ({ rows, matching: null })) : idsOrderedHere(em, registryId, query),
  ]);
  const onlineIds = ordered.rows.filter((row) => !row.by_hand).map((row) => row.id);
  const byHandIds = ordered.rows.filter((row) => row.by_hand).map((row) => row.id);
  const [online, byHand] = await Promise.all([
    onlineIds.length > 0 ? em.find(GiftEntity, { id: { $in: onlineIds } }) : [],
    byHandIds.length > 0 ? em.find(OfflineGiftEntity, { id: { $in: byHandIds } }) : [],
  ]);
  const found = new Map<string, ReceivedGift>([
    ...online.map((row) => [row.id, { ...toGift(row), byHand: false as const }] as const),
    ...byHand.map((row) => [row.id, { ...toOfflineGift(row), byHand: true as const }] as const),
  ]);
  const gifts = ordered.rows.flatMap((row) => found.get(row.id) ?? []);
  return { gifts, matching: ordered.matching ?? giftCount, giftCount };
}
