import { SUPPRESSION_SCOPES } from '@core/model/suppression';
import { stops } from '@core/model/suppression';

/** The suppression scopes that stop a family's invitation and its reminder. */
const STOPPING_SCOPES = SUPPRESSION_SCOPES.filter((scope) => stops(scope, 'guest-invitations'))
  .map((scope) => `'${scope}'`)
  .join(', ');

/**
 * Claims the guests of one registry due their one reminder, in one statement: invited before the
 * reminder day, never reminded, not answered (no RSVP), not given (the rule of
 * guest-gifts-query.ts: an online gift that counts, from the guest's personal link or else from
 * their e-mail, or a gift by hand matched to them), not unsubscribed. The outer
 * condition on reminded_at is checked again on the row a concurrent claim left (PostgreSQL's read
 * committed re-reads a row it waited for), so of two instances each guest goes to one.
 */
export const CLAIM_REMINDERS = `
  update "guests" as "g" set "reminded_at" = ?
   where "g"."id" in (
     select "guest"."id" from "guests" as "guest"
      where "guest"."registry_id" = ?
        and "guest"."invited_at" is not null and "guest"."invited_at" < ?
        and "guest"."reminded_at" is null
        and "guest"."rsvp_answer" is null
        and not exists (
          select 1 from "gifts" as "gift"
           where "gift"."registry_id" = "guest"."registry_id"
             and ("gift"."guest_id" = "guest"."id" or ("gift"."guest_id" is null and lower("gift"."gift_giver_email") = lower("guest"."email")))
             and ("gift"."payment_status" in ('succeeded', 'refunding') or ("gift"."payment_status" = 'refunded' and "gift"."refunded_at_platform_cost")))
        and not exists (select 1 from "offline_gifts" as "by_hand" where "by_hand"."guest_id" = "guest"."id")
        and not exists (
          select 1 from "mail_suppressions" as "s"
           where "s"."address" = lower(trim("guest"."email")) and "s"."scope" in (${STOPPING_SCOPES}))
      order by "guest"."id"
      limit ?)
     and "g"."reminded_at" is null
  returning "g"."id", "g"."registry_id", "g"."name", "g"."email", "g"."party_size", "g"."street", "g"."city", "g"."region",
            "g"."postal_code", "g"."country", "g"."invited_at", "g"."reminded_at", "g"."token_hash", "g"."created_at", "g"."updated_at"`;

/**
 * Open registries whose reminder day has come, with a guest invited and not yet reminded. A
 * registry whose family never saved settings has the default (7 days); a saved null is off.
 */
export const DUE_REMINDERS = `
  select "r"."id" from "registries" as "r"
    left join "invitation_settings" as "s" on "s"."registry_id" = "r"."id"
   where "r"."status" = 'open' and "r"."is_active"
     and ("s"."registry_id" is null or "s"."reminder_days" is not null)
     and "r"."celebration_date" >= ?
     and "r"."celebration_date" - make_interval(days => coalesce("s"."reminder_days", ?)) <= ?
     and exists (select 1 from "guests" as "g" where "g"."registry_id" = "r"."id" and "g"."invited_at" is not null and "g"."reminded_at" is null)
   order by "r"."celebration_date", "r"."id"
   limit ?`;
