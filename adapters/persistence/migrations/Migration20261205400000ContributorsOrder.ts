import { Migration } from '@mikro-orm/migrations';

/**
 * The thank-you cards page reads its contributors a page at a time, newest first, gifts given by
 * hand among the paid ones: a gift by hand counts as given at noon UTC on its day, and this index
 * orders them by that, as gifts_registry_id_created_at_index orders the paid ones, so the first
 * page reads its own rows however many gave. An index only: nothing existing changes.
 */
export class Migration20261205400000ContributorsOrder extends Migration {
  override name = 'Migration20261205400000ContributorsOrder';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "offline_gifts_registry_id_given_at_index" on "offline_gifts" ("registry_id", (("received_on" + time '12:00') at time zone 'UTC'), "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "offline_gifts_registry_id_given_at_index";`);
  }
}
