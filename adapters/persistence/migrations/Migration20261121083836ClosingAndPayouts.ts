import { Migration } from '@mikro-orm/migrations';

/**
 * Closing and payouts: the registry's last transfer failure, one pending charity payout per charity
 * and currency, the append-only audit trail (its trigger refuses UPDATE and DELETE), and the
 * sandbox provider's connected accounts.
 */
export class Migration20261121083836ClosingAndPayouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sandbox_accounts" ("id" varchar(255) not null, "country" varchar(2) not null, "email" varchar(255) not null, "verified" boolean not null default false, "rejects_transfers" boolean not null default false, "link_nonce" varchar(255) null, "created_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(
      `create table "audit_events" ("id" uuid not null default gen_random_uuid(), "actor_user_id" uuid null, "actor_label" varchar(255) not null, "action" varchar(50) not null, "subject_type" varchar(30) not null, "subject_id" varchar(255) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`create index "audit_events_subject_index" on "audit_events" ("subject_type", "subject_id")`);
    this.addSql(`create index "audit_events_created_at_index" on "audit_events" ("created_at")`);
    this.addSql(
      `create unique index "charity_payouts_one_pending_unique" on "charity_payouts" ("charity_id", "currency") where "status" = 'pending'`,
    );
    this.addSql(`alter table "charity_payouts" add constraint "charity_payouts_amount_check" check ("amount" >= 0)`);
    this.addSql(`alter table "charity_payouts" add constraint "charity_payouts_gift_count_check" check ("gift_count" >= 0)`);
    this.addSql(
      `alter table "registries" add "transfer_failure_reason" varchar(255) null, add "transfer_failure_message" text null, add "transfer_attempts" int not null default 0`,
    );
    this.addSql(`alter table "sandbox_accounts" add constraint "sandbox_accounts_country_check" check ("country" in ('US', 'CA'))`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_actor_user_id_foreign" foreign key ("actor_user_id") references "users" ("id") on delete set null`,
    );
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_action_check" check ("action" in ('charity_payout.completed', 'manual_payout.completed'))`,
    );
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_subject_type_check" check ("subject_type" in ('charity_payout', 'registry'))`,
    );
    // The body is the entity's (audit-event-entity.ts), kept on one line as the schema diff compares it.
    this.addSql(
      `create or replace function "audit_events_append_only_fn"() returns trigger as $$ begin if tg_op = 'UPDATE' and pg_trigger_depth() > 1 and new."actor_user_id" is null and (to_jsonb(new) - 'actor_user_id') = (to_jsonb(old) - 'actor_user_id') then return new; end if; raise exception 'audit_events is append-only: % refused', tg_op; end; $$ language plpgsql`,
    );
    this.addSql(
      `create trigger "append_only" before update or delete on "audit_events" for each row execute function "audit_events_append_only_fn"()`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "registries" drop column "transfer_failure_reason", drop column "transfer_failure_message", drop column "transfer_attempts"`,
    );
    this.addSql(`alter table "charity_payouts" drop constraint "charity_payouts_gift_count_check"`);
    this.addSql(`alter table "charity_payouts" drop constraint "charity_payouts_amount_check"`);
    this.addSql(`drop index "charity_payouts_one_pending_unique"`);
    this.addSql(`drop table if exists "audit_events"`);
    this.addSql(`drop function if exists "audit_events_append_only_fn"()`);
    this.addSql(`drop table if exists "sandbox_accounts"`);
  }
}
