import { Migration } from '@mikro-orm/migrations';
import { balancesFromTables, type LedgerTables } from '@core/ledger/balances-from-tables';
import { openingEntries } from '@core/ledger/opening-entries';
import type { Currency } from '@core/money';
import { parseCents } from '@core/read-amount';
import type { PaymentStatus } from '@core/model/gift';
import type { PayoutStatus, RegistryStatus } from '@core/model/registry';
import type { CharityPayoutStatus } from '@core/model/charity-payout';

const SCHEMA = [
  `alter table "gifts" add "provider_fee" numeric(10,2) null;`,
  `alter table "gifts" add constraint "gifts_provider_fee_check" check ("provider_fee" is null or "provider_fee" >= 0);`,

  `create table "ledger_entries" ("id" uuid not null default gen_random_uuid(), "key" varchar(255) not null, "kind" varchar(50) not null, "currency" varchar(3) not null, "reference" varchar(255) null, "posted_at" timestamptz not null default now(), primary key ("id"));`,
  `alter table "ledger_entries" add constraint "ledger_entries_key_unique" unique ("key");`,
  `create index "ledger_entries_reference_index" on "ledger_entries" ("reference");`,
  `alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in ('opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'registry.closed', 'family_payout.sent', 'charity_payout.sent'));`,
  `alter table "ledger_entries" add constraint "ledger_entries_currency_check" check ("currency" in ('USD', 'CAD'));`,

  `create table "ledger_postings" ("id" uuid not null default gen_random_uuid(), "entry_id" uuid not null, "account" varchar(255) not null, "amount" bigint not null, primary key ("id"));`,
  `create index "ledger_postings_entry_id_index" on "ledger_postings" ("entry_id");`,
  `create index "ledger_postings_account_index" on "ledger_postings" ("account");`,
  `alter table "ledger_postings" add constraint "ledger_postings_entry_id_foreign" foreign key ("entry_id") references "ledger_entries" ("id");`,
  `alter table "ledger_postings" add constraint "ledger_postings_amount_check" check ("amount" <> 0);`,

  // Append-only, as the audit trail: not even a bug or a stray SQL session rewrites the books.
  `create function "ledger_append_only_fn"() returns trigger as $$ begin raise exception '% is append-only: % refused', tg_table_name, tg_op; end; $$ language plpgsql;`,
  `create trigger "append_only" before update or delete on "ledger_entries" for each row execute function "ledger_append_only_fn"();`,
  `create trigger "append_only" before update or delete on "ledger_postings" for each row execute function "ledger_append_only_fn"();`,
  // Checked at commit, once every posting of the entry is in: an entry that does not balance never lands.
  `create function "ledger_entry_balanced_fn"() returns trigger as $$ begin if (select sum("amount") from "ledger_postings" where "entry_id" = new."entry_id") <> 0 then raise exception 'ledger entry % does not balance', new."entry_id"; end if; return null; end; $$ language plpgsql;`,
  `create constraint trigger "balanced" after insert on "ledger_postings" deferrable initially deferred for each row execute function "ledger_entry_balanced_fn"();`,
];

const MOVED = `('succeeded', 'refunding', 'refunded')`;

/**
 * The double-entry ledger (core/ledger), opened on the books as they stand: the fee the provider
 * took for a gift paid before it was read is taken to be the card fee the giver paid, and one
 * opening entry per currency brings every account to what the tables say.
 */
function missingRegistry(id: string): never {
  throw new Error(`a gift's registry ${id} was not read`);
}

export class Migration20261125150000Ledger extends Migration {
  override async up(): Promise<void> {
    for (const statement of SCHEMA) await this.execute(statement);
    await this.execute(`update "gifts" set "provider_fee" = "stripe_fee" where "payment_status" in ${MOVED};`);

    const gifts = (await this.execute(
      `select "registry_id", "charity_id", "amount"::text, "platform_fee"::text, "stripe_fee"::text, "provider_fee"::text, "payment_status" from "gifts" where "payment_status" in ${MOVED}`,
    )) as {
      registry_id: string;
      charity_id: string;
      amount: string;
      platform_fee: string;
      stripe_fee: string;
      provider_fee: string;
      payment_status: PaymentStatus;
    }[];
    const registries = (await this.execute(
      `select "id", "currency", "status", "total_received"::text, "payout_amount"::text, "payout_status" from "registries"
       where "status" <> 'open' or "total_received" <> 0 or "id" in (select "registry_id" from "gifts" where "payment_status" in ${MOVED})`,
    )) as {
      id: string;
      currency: Currency;
      status: RegistryStatus;
      total_received: string;
      payout_amount: string | null;
      payout_status: PayoutStatus;
    }[];
    const payouts = (await this.execute(`select "charity_id", "currency", "amount"::text, "status" from "charity_payouts"`)) as {
      charity_id: string;
      currency: Currency;
      amount: string;
      status: CharityPayoutStatus;
    }[];

    // Before gifts had a currency of their own (Migration20261125183000GiftCurrency), each had its registry's.
    const currencyOf = new Map(registries.map((registry) => [registry.id, registry.currency]));
    const tables: LedgerTables = {
      gifts: gifts.map((gift) => ({
        registryId: gift.registry_id,
        charityId: gift.charity_id,
        currency: currencyOf.get(gift.registry_id) ?? missingRegistry(gift.registry_id),
        amount: parseCents(gift.amount),
        platformFee: parseCents(gift.platform_fee),
        cardFee: parseCents(gift.stripe_fee),
        // No refund was at the platform's cost before payouts were claimed (Migration20261125180000PayoutClaims).
        refundedAtPlatformCost: false,
        providerFee: parseCents(gift.provider_fee),
        paymentStatus: gift.payment_status,
      })),
      registries: registries.map((registry) => ({
        id: registry.id,
        currency: registry.currency,
        status: registry.status,
        totalReceived: parseCents(registry.total_received),
        payoutAmount: registry.payout_amount === null ? null : parseCents(registry.payout_amount),
        payoutStatus: registry.payout_status,
      })),
      charityPayouts: payouts.map((payout) => ({
        charityId: payout.charity_id,
        currency: payout.currency,
        amount: parseCents(payout.amount),
        status: payout.status,
      })),
    };
    for (const entry of openingEntries(balancesFromTables(tables))) {
      const [row] = (await this.execute(`insert into "ledger_entries" ("key", "kind", "currency") values (?, ?, ?) returning "id"`, [
        entry.key,
        entry.kind,
        entry.currency,
      ])) as { id: string }[];
      for (const posting of entry.postings) {
        await this.execute(`insert into "ledger_postings" ("entry_id", "account", "amount") values (?, ?, ?)`, [
          row!.id,
          posting.account,
          String(posting.amount),
        ]);
      }
    }
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "ledger_postings" cascade;`);
    await this.execute(`drop table if exists "ledger_entries" cascade;`);
    await this.execute(`drop function if exists "ledger_append_only_fn"();`);
    await this.execute(`drop function if exists "ledger_entry_balanced_fn"();`);
    await this.execute(`alter table "gifts" drop constraint "gifts_provider_fee_check";`);
    await this.execute(`alter table "gifts" drop column "provider_fee";`);
  }
}
