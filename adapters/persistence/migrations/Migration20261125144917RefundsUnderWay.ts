import { Migration } from '@mikro-orm/migrations';

/** Every instance looks for refunds cut off halfway every two minutes: an index of the few under way. */
export class Migration20261125144917RefundsUnderWay extends Migration {
  override name = 'Migration20261125144917RefundsUnderWay';

  override up(): void | Promise<void> {
    this.addSql(`create index "gifts_refunding_started_at_index" on "gifts" ("refund_started_at") where "payment_status" = 'refunding';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "gifts_refunding_started_at_index";`);
  }
}
