import { Migration } from '@mikro-orm/migrations';

const FK_SET_NULL = `if tg_op = 'UPDATE' and pg_trigger_depth() > 1 and new."actor_user_id" is null and (to_jsonb(new) - 'actor_user_id') = (to_jsonb(old) - 'actor_user_id') then return new; end if;`;
const REFUSE = `raise exception 'audit_events is append-only: % refused', tg_op;`;
const KEPT_AS_WRITTEN = `array['actor_label', 'before', 'after', 'redacted_at']`;
const REDACTION = [
  `if tg_op = 'UPDATE' and new."redacted_at" is not null and (to_jsonb(new) - ${KEPT_AS_WRITTEN}) = (to_jsonb(old) - ${KEPT_AS_WRITTEN})`,
  ` and (new."actor_label" = old."actor_label" or new."actor_label" = split_part(old."actor_label", ':', 1) || ':deleted')`,
  ` and coalesce(old."before" @> new."before", old."before" is null and new."before" is null)`,
  ` and coalesce(old."after" @> new."after", old."after" is null and new."after" is null) then return new; end if;`,
].join('');

const appendOnlyFunction = (body: string) =>
  `create or replace function "audit_events_append_only_fn"() returns trigger as $$ begin ${body} end; $$ language plpgsql`;

/**
 * The family owns its data (docs/product.md#your-data-export-and-deletion): exports built in the
 * background, accounts scheduled for deletion, registries whose guests' e-mails and messages were
 * purged, and audit rows from which personal data was taken out. The audit trail's trigger lets
 * one kind of change through besides the foreign key's: a redaction that only takes keys out of
 * before and after and turns the actor's label into "<role>:deleted". Additive otherwise.
 */
export class Migration20261202000000FamilyData extends Migration {
  override name = 'Migration20261202000000FamilyData';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "account_exports" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "format" varchar(4) not null, "status" varchar(10) not null default 'queued', "attempts" int not null default 0, "requested_at" timestamptz not null, "claimed_at" timestamptz null, "ready_at" timestamptz null, "expires_at" timestamptz null, "token_hash" varchar(64) null, "file_name" varchar(255) null, "content_type" varchar(100) null, "size_bytes" int null, "content" bytea null, primary key ("id"));`,
    );
    this.addSql(`create index "account_exports_user_id_index" on "account_exports" ("user_id");`);
    this.addSql(`alter table "account_exports" add constraint "account_exports_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `create unique index "account_exports_one_waiting_unique" on "account_exports" ("user_id", "format") where "status" in ('queued', 'building');`,
    );
    this.addSql(`create index "account_exports_status_requested_at_index" on "account_exports" ("status", "requested_at");`);

    this.addSql(`alter table "users" add "deletion_due_at" timestamptz null, add "deleted_at" timestamptz null;`);
    this.addSql(`create index "users_deletion_due_at_index" on "users" ("deletion_due_at") where "deletion_due_at" is not null;`);

    this.addSql(`alter table "registries" add "guest_data_purged_at" timestamptz null;`);
    this.addSql(
      `create index "registries_guest_data_due_index" on "registries" (coalesce("payout_sent_at", "closed_at")) where "payout_status" = 'completed' and "guest_data_purged_at" is null;`,
    );

    this.addSql(`alter table "audit_events" add "redacted_at" timestamptz null;`);
    this.addSql(appendOnlyFunction(`${FK_SET_NULL} ${REDACTION} ${REFUSE}`));

    this.addSql(
      `alter table "account_exports" add constraint "account_exports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "account_exports" add constraint "account_exports_format_check" check ("format" in ('json', 'csv'));`);
    this.addSql(
      `alter table "account_exports" add constraint "account_exports_status_check" check ("status" in ('queued', 'building', 'ready', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    // What a redaction took out of the audit trail is not kept anywhere: the rows stay as redacted.
    this.addSql(appendOnlyFunction(`${FK_SET_NULL} ${REFUSE}`));
    this.addSql(`alter table "audit_events" drop column "redacted_at";`);
    this.addSql(`drop index "registries_guest_data_due_index";`);
    this.addSql(`alter table "registries" drop column "guest_data_purged_at";`);
    this.addSql(`drop index "users_deletion_due_at_index";`);
    this.addSql(`alter table "users" drop column "deletion_due_at", drop column "deleted_at";`);
    this.addSql(`drop table if exists "account_exports" cascade;`);
  }
}
