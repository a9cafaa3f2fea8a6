import { searchNeedle } from '@core/model/gift-list';
import type { CardProgressCounts, ContributorsPageRows } from '@core/model/contributors-page';
import { CONTRIBUTORS_PAGE_SIZE, type ContributorsQuery } from '@core/model/contributors-query';
import type { ReceivedGift } from '@core/model/received-gift';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { GiftEntity } from '../entities/gift-entity';
import { OfflineGiftEntity } from '../entities/offline-gift-entity';
import { toGift } from './to-gift';
import { toOfflineGift } from './to-offline-gift';

/** A search's text inside a LIKE pattern: its own % and _ mean themselves. */
function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

/** A gift given by hand counts as given at noon UTC on its day (received-gift.ts's givenAt); its index orders by the same. */
const OFFLINE_GIVEN_AT = `("received_on" + time '12:00') at time zone 'UTC'`;

/**
 * The succeeded gifts and those given by hand as one relation, newest first, each half searched on
 * its folded name and e-mail keys; each half walks its index on (registry, given at, id) backwards,
 * so the first page reads its own rows however many gave.
 */
function contributors(registryId: string, needle: string): { sql: string; params: string[] } {
  const search = needle === '' ? '' : ` and ("giver_key" like ? escape '\\' or "email_key" like ? escape '\\')`;
  const searched = needle === '' ? [] : Array<string>(2).fill(likePattern(needle));
  return {
    sql: `(
  select false as "by_hand", "id", "created_at" as "given_at"
    from "gifts" where "registry_id" = ? and "payment_status" = 'succeeded'${search}
  union all
  select true, "id", ${OFFLINE_GIVEN_AT}
    from "offline_gifts" where "registry_id" = ?${search}
) as "contributors"`,
    params: [registryId, ...searched, registryId, ...searched],
  };
}

interface CountsRow {
  contributors: string | number;
  sent: string | number;
  draft: string | number;
  not_delivered: string | number;
}

/** Every contributor's card as one aggregate, the search aside: each badge's count (contributors-page.ts's cardProgressOf). */
async function progressOf(em: SqlEntityManager, registryId: string): Promise<CardProgressCounts> {
  const [row] = await em.execute<CountsRow[]>(
    `select count(*) as "contributors",
       count(*) filter (where "status" = 'sent' and "not_delivered_at" is null) as "sent",
       count(*) filter (where "status" <> 'sent') as "draft",
       count(*) filter (where "status" = 'sent' and "not_delivered_at" is not null) as "not_delivered"
     from (
       select "note"."status", "note"."not_delivered_at" from "gifts" as "gift"
         left join "thank_you_notes" as "note" on "note"."gift_id" = "gift"."id"
         where "gift"."registry_id" = ? and "gift"."payment_status" = 'succeeded'
       union all
       select "note"."status", "note"."not_delivered_at" from "offline_gifts" as "gift"
         left join "thank_you_notes" as "note" on "note"."offline_gift_id" = "gift"."id"
         where "gift"."registry_id" = ?
     ) as "cards"`,
    [registryId, registryId],
  );
  const [contributorCount, sent, draft, notDelivered] = [row?.contributors, row?.sent, row?.draft, row?.not_delivered].map((count) =>
    Number(count ?? 0),
  ) as [number, number, number, number];
  return { contributors: contributorCount, sent, draft, notDelivered, noCard: contributorCount - sent - draft - notDelivered };
}

/** One page of the contributors (GiftRepository.pageContributors), read a page at a time. */
export async function pageContributors(em: SqlEntityManager, registryId: string, query: ContributorsQuery): Promise<ContributorsPageRows> {
  const needle = searchNeedle(query.q);
  const relation = contributors(registryId, needle);
  const [rows, counted, progress] = await Promise.all([
    em.execute<{ by_hand: boolean; id: string }[]>(
      `select "by_hand", "id" from ${relation.sql} order by "given_at" desc, "id" desc limit ${CONTRIBUTORS_PAGE_SIZE} offset ${(query.page - 1) * CONTRIBUTORS_PAGE_SIZE}`,
      relation.params,
    ),
    needle === '' ? null : em.execute<{ count: string | number }[]>(`select count(*) as "count" from ${relation.sql}`, relation.params),
    progressOf(em, registryId),
  ]);
  const onlineIds = rows.filter((row) => !row.by_hand).map((row) => row.id);
  const byHandIds = rows.filter((row) => row.by_hand).map((row) => row.id);
  const [online, byHand] = await Promise.all([
    onlineIds.length > 0 ? em.find(GiftEntity, { id: { $in: onlineIds } }) : [],
    byHandIds.length > 0 ? em.find(OfflineGiftEntity, { id: { $in: byHandIds } }) : [],
  ]);
  const found = new Map<string, ReceivedGift>([
    ...online.map((row) => [row.id, { ...toGift(row), byHand: false as const }] as const),
    ...byHand.map((row) => [row.id, { ...toOfflineGift(row), byHand: true as const }] as const),
  ]);
  return {
    gifts: rows.flatMap((row) => found.get(row.id) ?? []),
    matching: counted ? Number(counted[0]?.count ?? 0) : progress.contributors,
    progress,
  };
}
