import { Migration } from '@mikro-orm/migrations';

/** Single-use e-mailed links for password resets and e-mail changes, kept by digest only. */
export class Migration20261123220151AccountTokens extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "account_tokens" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "purpose" varchar(20) not null, "token_hash" varchar(64) not null, "new_email" varchar(255) null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "account_tokens" add constraint "account_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "account_tokens_user_id_purpose_index" on "account_tokens" ("user_id", "purpose");`);

    this.addSql(
      `alter table "account_tokens" add constraint "account_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "account_tokens" add constraint "account_tokens_purpose_check" check ("purpose" in ('password_reset', 'email_change'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "account_tokens" cascade;`);
  }
}
