import { Migration } from '@mikro-orm/migrations';

/**
 * Each gift keeps the currency its giver was charged in. Until now it was always its registry's, and
 * a registry whose gifts were all refunded could not change currency without rewriting their record.
 */
export class Migration20261125183000GiftCurrency extends Migration {
  override name = 'Migration20261125183000GiftCurrency';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gifts" add column "currency" varchar(3) null;`);
    this.addSql(
      `update "gifts" set "currency" = "registries"."currency" from "registries" where "registries"."id" = "gifts"."registry_id";`,
    );
    this.addSql(`alter table "gifts" alter column "currency" set not null;`);
    this.addSql(`alter table "gifts" add constraint "gifts_currency_check" check ("currency" in ('USD', 'CAD'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gifts" drop constraint "gifts_currency_check";`);
    this.addSql(`alter table "gifts" drop column "currency";`);
  }
}
