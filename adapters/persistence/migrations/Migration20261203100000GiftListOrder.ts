import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's gift list is paged in the database: newest first (and the registry page's latest
 * few) walk the first index backwards, largest first the second, so a page reads its own rows
 * however many gifts the registry has. Indexes only: nothing existing changes.
 */
export class Migration20261203100000GiftListOrder extends Migration {
  override name = 'Migration20261203100000GiftListOrder';

  override up(): void | Promise<void> {
    this.addSql(`create index "gifts_registry_id_created_at_index" on "gifts" ("registry_id", "created_at", "id");`);
    this.addSql(`create index "gifts_registry_id_amount_index" on "gifts" ("registry_id", "amount", "created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "gifts_registry_id_amount_index";`);
    this.addSql(`drop index if exists "gifts_registry_id_created_at_index";`);
  }
}
