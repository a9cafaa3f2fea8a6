import { LISTED_PAYMENT_STATUSES } from '@core/model/gift';
import { giftListNeedle, type GiftListPage } from '@core/model/gift-list';
import { GIFT_LIST_PAGE_SIZE, type GiftListQuery } from '@core/model/gift-list-query';
import type { ReceivedGift } from '@core/model/received-gift';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { GiftEntity } from '../entities/gift-entity';
import { OfflineGiftEntity } from '../entities/offline-gift-entity';
import { toGift } from './to-gift';
import { toOfflineGift } from './to-offline-gift';

const LISTED = LISTED_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ');

/** A search's text inside a LIKE pattern: its own % and _ mean themselves. */
function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

/**
 * The gifts of the list and those given by hand as one relation, with what it is sorted by, each
 * half searched on its folded keys; a gift by hand counts as given at noon UTC on its day
 * (received-gift.ts's givenAt).
 */
function received(registryId: string, needle: string): { sql: string; params: string[] } {
  const search =
    needle === '' ? '' : ` and ("giver_key" like ? escape '\\' or "email_key" like ? escape '\\' or "message_key" like ? escape '\\')`;
  const searched = needle === '' ? [] : Array<string>(3).fill(likePattern(needle));
  return {
    sql: `(
  select false as "by_hand", "id", "created_at" as "given_at", "amount", "giver_key"
    from "gifts" where "registry_id" = ? and "payment_status" in (${LISTED})${search}
  union all
  select true, "id", ("received_on" + time '12:00') at time zone 'UTC', "amount", "giver_key"
    from "offline_gifts" where "registry_id" = ?${search}
) as "received"`,
    params: [registryId, ...searched, registryId, ...searched],
  };
}

interface Row {
  by_hand: boolean;
  id: string;
}

const ORDER_FIRST: Record<GiftListQuery['sort'], string> = {
  date: '',
  amount: '"amount" {dir}, ',
  giver: '"giver_key" collate "C" {dir}, ',
};

/**
 * The ids of one page and how many gifts match, ordered and searched by the database as core's
 * giftListKeysPage does: by date, amount or giver (the folded name, code point by code point),
 * ties by date then id, all in the direction asked, over the indexes on (registry, created_at,
 * id), (registry, amount, created_at, id) and (registry, giver_key, created_at, id), so a page
 * reads its 50 rows however many there are. A search reads the registry's narrow keys in the
 * database, never its gifts.
 */
async function idsOfPage(
  em: SqlEntityManager,
  registryId: string,
  query: GiftListQuery,
): Promise<{ rows: Row[]; matching: number | null }> {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const needle = giftListNeedle(query);
  const relation = received(registryId, needle);
  const [rows, counted] = await Promise.all([
    em.execute<Row[]>(
      `select "by_hand", "id" from ${relation.sql} order by ${ORDER_FIRST[query.sort].replace('{dir}', direction)}"given_at" ${direction}, "id" ${direction} limit ${GIFT_LIST_PAGE_SIZE} offset ${(query.page - 1) * GIFT_LIST_PAGE_SIZE}`,
      relation.params,
    ),
    needle === '' ? null : em.execute<{ count: string | number }[]>(`select count(*) as "count" from ${relation.sql}`, relation.params),
  ]);
  return { rows, matching: counted ? Number(counted[0]?.count ?? 0) : null };
}

async function countReceived(em: SqlEntityManager, registryId: string): Promise<number> {
  const [row] = await em.execute<{ count: string | number }[]>(
    `select (select count(*) from "gifts" where "registry_id" = ? and "payment_status" in (${LISTED})) + (select count(*) from "offline_gifts" where "registry_id" = ?) as "count"`,
    [registryId, registryId],
  );
  return Number(row?.count ?? 0);
}

/** One page of the owner's gift list (GiftRepository.pageReceived), read a page at a time. */
export async function pageReceived(
  em: SqlEntityManager,
  registryId: string,
  query: GiftListQuery,
): Promise<Pick<GiftListPage, 'gifts' | 'matching' | 'giftCount'>> {
  const [giftCount, ordered] = await Promise.all([countReceived(em, registryId), idsOfPage(em, registryId, query)]);
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
