import { Migration } from '@mikro-orm/migrations';

/**
 * Which counter counted each payment's start, for the window of the payment-address limit, so a
 * paid gift gives its start back whichever way its success is learnt (adapters/http/attempt-limiter.ts).
 * A new table: nothing existing changes.
 */
export class Migration20261202010000PaymentStartNotes extends Migration {
  override name = 'Migration20261202010000PaymentStartNotes';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_start_notes" ("payment_intent_id" varchar(255) not null, "counter_key" varchar(255) not null, "expire" bigint not null, primary key ("payment_intent_id"));`,
    );
    this.addSql(`create index "payment_start_notes_expire_index" on "payment_start_notes" ("expire");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_start_notes";`);
  }
}
