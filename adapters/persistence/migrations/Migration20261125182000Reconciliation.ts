import { Migration } from '@mikro-orm/migrations';

/**
 * Reconciliation with the provider and the finance page: one row per reconciled UTC day (the row
 * is the day's claim, so one instance runs it), every difference ever found once (each is e-mailed
 * once), the sandbox provider's balance transactions (reconciliation lists them), and an index to
 * read a month's or a day's ledger entries.
 */
export class Migration20261125182000Reconciliation extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "reconciliation_runs" ("day" varchar(10) not null, "status" varchar(20) not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "transactions" int not null default 0, "differences" jsonb not null default '[]', "failure" text null, primary key ("day"));`,
    );
    this.addSql(
      `alter table "reconciliation_runs" add constraint "reconciliation_runs_status_check" check ("status" in ('running', 'agreed', 'differences', 'failed'));`,
    );

    this.addSql(
      `create table "reconciliation_differences" ("key" varchar(255) not null, "kind" varchar(30) not null, "first_day" varchar(10) not null, "recorded_at" timestamptz not null, primary key ("key"));`,
    );
    this.addSql(
      `alter table "reconciliation_differences" add constraint "reconciliation_differences_kind_check" check ("kind" in ('unrecorded', 'amount_differs', 'unknown_fee', 'missing_at_provider'));`,
    );

    this.addSql(
      `create table "sandbox_balance_transactions" ("id" varchar(64) not null, "kind" varchar(20) not null, "type" varchar(50) not null, "reference" varchar(255) null, "currency" varchar(3) not null, "amount" bigint not null, "fee" bigint not null, "created" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sandbox_balance_transactions_created_index" on "sandbox_balance_transactions" ("created");`);
    this.addSql(
      `alter table "sandbox_balance_transactions" add constraint "sandbox_balance_transactions_kind_check" check ("kind" in ('charge', 'refund', 'transfer', 'payout', 'other'));`,
    );

    this.addSql(`create index "ledger_entries_posted_at_index" on "ledger_entries" ("posted_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "ledger_entries_posted_at_index";`);
    this.addSql(`drop table if exists "sandbox_balance_transactions" cascade;`);
    this.addSql(`drop table if exists "reconciliation_differences" cascade;`);
    this.addSql(`drop table if exists "reconciliation_runs" cascade;`);
  }
}
