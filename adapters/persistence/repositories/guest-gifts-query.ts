import type { GuestGift, GuestGiftMatch } from '@core/model/guest-gift';
import { thankYouStatusOf } from '@core/model/thank-you-status';
import type { NoteStatus } from '@core/model/thank-you-note';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { decimalToCents } from '../types/cents-type';

/**
 * Which gifts belong to which guest, in one query however many gifts the registry has: the rule of
 * core/guest/guest-gifts.ts (giftsOfGuests), which the contract suite holds this to.
 * - Online: a gift that counts in Total Received (countsInPayouts: succeeded or refunding, or
 *   refunded at the platform's cost) given from a guest's personal link (gifts.guest_id), or else
 *   whose giver's e-mail is a guest's, case aside. Both ways are one join's condition, the link
 *   first: a gift from one guest's link paid with another guest's address joins the link's guest
 *   alone, so each gift counts once (the e-mail is unique on the list).
 * - By hand: the guest the family matched the gift to.
 */
const GIFTS_OF_GUESTS = `
  select "guest"."id" as "guest_id", "gift"."id" as "gift_id", false as "by_hand", "gift"."amount"::text as "amount",
         "gift"."created_at" as "given_at", case when "gift"."guest_id" = "guest"."id" then 'link' else 'email' end as "matched_by",
         "note"."status" as "note_status", "note"."not_delivered_at"
    from "guests" as "guest"
    join "gifts" as "gift" on "gift"."registry_id" = "guest"."registry_id"
     and ("gift"."guest_id" = "guest"."id"
          or ("gift"."guest_id" is null and lower("gift"."gift_giver_email") = lower("guest"."email")))
    left join "thank_you_notes" as "note" on "note"."gift_id" = "gift"."id"
   where "guest"."registry_id" = ?
     and ("gift"."payment_status" in ('succeeded', 'refunding') or ("gift"."payment_status" = 'refunded' and "gift"."refunded_at_platform_cost"))
  union all
  select "gift"."guest_id", "gift"."id", true, "gift"."amount"::text,
         ("gift"."received_on" + time '12:00') at time zone 'UTC', 'hand', "note"."status", "note"."not_delivered_at"
    from "offline_gifts" as "gift"
    left join "thank_you_notes" as "note" on "note"."offline_gift_id" = "gift"."id"
   where "gift"."registry_id" = ? and "gift"."guest_id" is not null
  order by "given_at", "gift_id"`;

interface Row {
  guest_id: string;
  gift_id: string;
  by_hand: boolean;
  amount: string;
  given_at: Date | string;
  matched_by: GuestGiftMatch;
  note_status: NoteStatus | null;
  not_delivered_at: Date | string | null;
}

export async function giftsOfGuestsQuery(em: SqlEntityManager, registryId: string): Promise<GuestGift[]> {
  const rows = await em.execute<Row[]>(GIFTS_OF_GUESTS, [registryId, registryId]);
  return rows.map((row) => ({
    guestId: row.guest_id,
    giftId: row.gift_id,
    byHand: row.by_hand,
    amount: decimalToCents(String(row.amount)),
    givenAt: new Date(row.given_at),
    matchedBy: row.matched_by,
    thankYouStatus: thankYouStatusOf(
      row.note_status ? { status: row.note_status, notDeliveredAt: row.not_delivered_at ? new Date(row.not_delivered_at) : null } : null,
    ),
  }));
}
