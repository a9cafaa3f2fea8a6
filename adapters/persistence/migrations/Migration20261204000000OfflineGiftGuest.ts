import { Migration } from '@mikro-orm/migrations';

/**
 * A gift given by hand matched by the family to a guest on its list: the guest's line says they
 * gave. Taking the guest off the list leaves the gift, unmatched.
 */
export class Migration20261204000000OfflineGiftGuest extends Migration {
  override name = 'Migration20261204000000OfflineGiftGuest';

  override up(): void | Promise<void> {
    this.addSql(`alter table "offline_gifts" add column "guest_id" uuid null;`);
    this.addSql(
      `alter table "offline_gifts" add constraint "offline_gifts_guest_id_foreign" foreign key ("guest_id") references "guests" ("id") on delete set null;`,
    );
    this.addSql(`create index "offline_gifts_guest_id_index" on "offline_gifts" ("guest_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "offline_gifts" drop column "guest_id";`);
  }
}
