import { Migration } from '@mikro-orm/migrations';

/**
 * Receipts that stand: a charity's legal details (all null until an administrator records them),
 * a giver's consent to share their e-mail with the charity, the receipts themselves and each
 * year's receipt counter. A receipt outlives its gift (set null) and has no foreign key to its
 * registry, so neither a deletion nor a purge ever waits on one.
 */
export class Migration20261203000000CharityReceipts extends Migration {
  override name = 'Migration20261203000000CharityReceipts';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "charities" add "legal_name" varchar(255) null, add "tax_country" varchar(2) null, add "tax_id" varchar(20) null, add "address" varchar(500) null, add "agreement_date" date null;`,
    );
    this.addSql(
      `alter table "charities" add constraint "charities_tax_country_check" check ("tax_country" is null or "tax_country" in ('US', 'CA'));`,
    );

    this.addSql(`alter table "gifts" add "share_email_with_charity" boolean not null default false;`);

    this.addSql(
      `create table "receipts" ("id" uuid not null default gen_random_uuid(), "number" varchar(20) not null, "gift_id" uuid null, "registry_id" uuid not null, "charity_id" uuid not null, "issued_on" date not null, "charity_legal_name" varchar(255) not null, "charity_tax_id" varchar(20) not null, "charity_country" varchar(2) not null, "charity_address" varchar(500) not null, "giver_name" varchar(255) not null, "amount" numeric(10,2) not null, "currency" varchar(3) not null, "status" varchar(10) not null default 'issued', "voided_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "receipts" add constraint "receipts_number_unique" unique ("number");`);
    this.addSql(`alter table "receipts" add constraint "receipts_gift_id_unique" unique ("gift_id");`);
    this.addSql(`create index "receipts_registry_id_index" on "receipts" ("registry_id");`);
    this.addSql(`create index "receipts_charity_id_index" on "receipts" ("charity_id");`);
    this.addSql(`alter table "receipts" add constraint "receipts_status_check" check ("status" in ('issued', 'void'));`);
    this.addSql(`alter table "receipts" add constraint "receipts_charity_country_check" check ("charity_country" in ('US', 'CA'));`);
    this.addSql(`alter table "receipts" add constraint "receipts_currency_check" check ("currency" in ('USD', 'CAD'));`);
    this.addSql(`alter table "receipts" add constraint "receipts_amount_check" check ("amount" > 0);`);
    this.addSql(
      `alter table "receipts" add constraint "receipts_gift_id_foreign" foreign key ("gift_id") references "gifts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "receipts" add constraint "receipts_charity_id_foreign" foreign key ("charity_id") references "charities" ("id");`,
    );

    this.addSql(`create table "receipt_counters" ("year" int not null, "last_number" int not null, primary key ("year"));`);
    this.addSql(`alter table "receipt_counters" add constraint "receipt_counters_last_number_check" check ("last_number" > 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "receipt_counters" cascade;`);
    this.addSql(`drop table if exists "receipts" cascade;`);
    this.addSql(`alter table "gifts" drop column "share_email_with_charity";`);
    this.addSql(`alter table "charities" drop constraint "charities_tax_country_check";`);
    this.addSql(
      `alter table "charities" drop column "legal_name", drop column "tax_country", drop column "tax_id", drop column "address", drop column "agreement_date";`,
    );
  }
}
