import { Migration } from '@mikro-orm/migrations';

/** Gifts abandoned unpaid become 'expired'; the sweep that finds them reads a partial index of pending gifts. */
export class Migration20261123191659ExpiredGifts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "gifts" drop constraint "gifts_payment_status_check"`);
    this.addSql(`create index "gifts_pending_created_at_index" on "gifts" ("created_at") where "payment_status" = 'pending'`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunded', 'expired'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "gifts_pending_created_at_index"`);
    this.addSql(`alter table "gifts" drop constraint "gifts_payment_status_check"`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunded'))`,
    );
  }
}
