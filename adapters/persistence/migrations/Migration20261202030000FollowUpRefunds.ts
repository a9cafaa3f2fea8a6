import { Migration } from '@mikro-orm/migrations';

/**
 * A refund of a gift won after closing comes out of its follow-up payout, which it cancels, and
 * out of the charity payout its 10% joined, which the follow-up now names (core/gift/refund-gift.ts).
 * Follow-ups recorded before name none: their gifts are refunded at the platform's cost, as when a
 * payout holding their part was claimed. Additive.
 */
export class Migration20261202030000FollowUpRefunds extends Migration {
  override name = 'Migration20261202030000FollowUpRefunds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "disputes" add column "follow_up_charity_payout_id" uuid null;`);
    this.addSql(`alter table "disputes" drop constraint "disputes_follow_up_status_check";`);
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_status_check" check ("follow_up_status" is null or "follow_up_status" in ('pending', 'sending', 'completed', 'cancelled'));`,
    );
  }

  override down(): void | Promise<void> {
    // Before this release a cancelled follow-up could only be read as owed or as sent, both untrue of the books.
    this.addSql(
      `do $$ begin if exists (select 1 from "disputes" where "follow_up_status" = 'cancelled') then raise exception 'A follow-up payout was cancelled by its gift''s refund; the release before this one cannot read it'; end if; end $$;`,
    );
    this.addSql(`alter table "disputes" drop constraint "disputes_follow_up_status_check";`);
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_status_check" check ("follow_up_status" is null or "follow_up_status" in ('pending', 'sending', 'completed'));`,
    );
    this.addSql(`alter table "disputes" drop column "follow_up_charity_payout_id";`);
  }
}
