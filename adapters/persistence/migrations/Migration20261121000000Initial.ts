import { Migration } from '@mikro-orm/migrations';

/** The tables of docs/product.md#data, their keys and indexes, and the shared rate-limit counters. */
export class Migration20261121000000Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "charities" ("id" uuid not null default gen_random_uuid(), "name" varchar(255) not null, "description" text not null, "website" varchar(1024) null, "image_url" varchar(1024) null, "category" varchar(20) not null default 'other', "is_active" boolean not null default true, "created_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(
      `create table "charity_payouts" ("id" uuid not null default gen_random_uuid(), "charity_id" uuid not null, "amount" numeric(10,2) not null default '0.00', "currency" varchar(3) not null, "registry_ids" text[] not null default '{}', "gift_count" int not null default 0, "payment_method" varchar(50) null, "reference_number" varchar(255) null, "notes" text null, "status" varchar(20) not null default 'pending', "completed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`create index "charity_payouts_status_index" on "charity_payouts" ("status")`);
    this.addSql(
      `create table "sessions" ("sid" varchar(255) not null, "sess" jsonb not null, "expire" timestamptz not null, primary key ("sid"))`,
    );
    this.addSql(`create index "sessions_expire_index" on "sessions" ("expire")`);
    this.addSql(
      `create table "users" ("id" uuid not null default gen_random_uuid(), "username" varchar(255) not null, "password" varchar(255) not null, "email" varchar(255) not null, "first_name" varchar(255) null, "last_name" varchar(255) null, "profile_image_url" varchar(1024) null, "is_admin" boolean not null default false, "stripe_connect_account_id" varchar(255) null, "stripe_connect_status" varchar(20) null, "stripe_connect_onboarded_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username")`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email")`);
    this.addSql(
      `create table "registries" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "short_code" varchar(8) not null, "child_name" varchar(255) not null, "celebration_date" timestamptz not null, "personal_message" text null, "photo_url" varchar(1024) null, "preferred_charity_id" uuid null, "allow_charity_choice" boolean not null default true, "is_active" boolean not null default true, "currency" varchar(3) not null default 'USD', "status" varchar(20) not null default 'open', "total_received" numeric(10,2) not null default '0.00', "payout_method" varchar(20) null, "bank_account_holder" varchar(255) null, "bank_account_number" varchar(255) null, "bank_routing_number" varchar(255) null, "bank_name" varchar(255) null, "paypal_email" varchar(255) null, "mailing_name" varchar(255) null, "mailing_address" varchar(255) null, "mailing_city" varchar(255) null, "mailing_state" varchar(255) null, "mailing_zip" varchar(20) null, "mailing_country" varchar(2) not null default 'US', "closed_at" timestamptz null, "payout_amount" numeric(10,2) null, "charity_payout_amount" numeric(10,2) null, "stripe_payout_id" varchar(255) null, "payout_status" varchar(20) not null default 'pending', "payout_sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`create index "registries_user_id_index" on "registries" ("user_id")`);
    this.addSql(`alter table "registries" add constraint "registries_short_code_unique" unique ("short_code")`);
    this.addSql(`create index "registries_status_index" on "registries" ("status")`);
    this.addSql(
      `create table "thank_you_cards" ("id" uuid not null default gen_random_uuid(), "registry_id" uuid not null, "template_id" varchar(20) not null, "custom_message" text not null, "image_urls" text[] not null default '{}', "image_size" varchar(10) not null default 'medium', "sent_to_all_gifts" boolean not null default false, "created_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`create index "thank_you_cards_registry_id_index" on "thank_you_cards" ("registry_id")`);
    this.addSql(
      `create table "gifts" ("id" uuid not null default gen_random_uuid(), "registry_id" uuid not null, "gift_giver_name" varchar(255) not null, "gift_giver_email" varchar(255) not null, "amount" numeric(10,2) not null, "child_amount" numeric(10,2) not null, "charity_amount" numeric(10,2) not null, "platform_fee" numeric(10,2) not null, "stripe_fee" numeric(10,2) not null, "charity_id" uuid not null, "personal_message" text null, "stripe_payment_intent_id" varchar(255) null, "payment_status" varchar(20) not null default 'pending', "created_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`create index "gifts_charity_id_index" on "gifts" ("charity_id")`);
    this.addSql(`alter table "gifts" add constraint "gifts_stripe_payment_intent_id_unique" unique ("stripe_payment_intent_id")`);
    this.addSql(`create index "gifts_registry_id_status_index" on "gifts" ("registry_id", "payment_status")`);
    this.addSql(
      `create table "thank_you_notes" ("id" uuid not null default gen_random_uuid(), "gift_id" uuid not null, "template_id" varchar(20) not null, "custom_message" text not null, "image_urls" text[] not null default '{}', "image_size" varchar(10) not null default 'medium', "status" varchar(10) not null default 'draft', "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"))`,
    );
    this.addSql(`alter table "thank_you_notes" add constraint "thank_you_notes_gift_id_unique" unique ("gift_id")`);
    this.addSql(
      `alter table "charity_payouts" add constraint "charity_payouts_charity_id_foreign" foreign key ("charity_id") references "charities" ("id")`,
    );
    this.addSql(`alter table "registries" add constraint "registries_user_id_foreign" foreign key ("user_id") references "users" ("id")`);
    this.addSql(
      `alter table "registries" add constraint "registries_preferred_charity_id_foreign" foreign key ("preferred_charity_id") references "charities" ("id") on delete set null`,
    );
    this.addSql(
      `alter table "thank_you_cards" add constraint "thank_you_cards_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on delete cascade`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on delete cascade`,
    );
    this.addSql(`alter table "gifts" add constraint "gifts_charity_id_foreign" foreign key ("charity_id") references "charities" ("id")`);
    this.addSql(
      `alter table "thank_you_notes" add constraint "thank_you_notes_gift_id_foreign" foreign key ("gift_id") references "gifts" ("id") on delete cascade`,
    );
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"))`);
    this.addSql(`create unique index "users_email_lower_unique" on "users" (lower("email"))`);
    this.addSql(
      `alter table "charities" add constraint "charities_category_check" check ("category" in ('community', 'healthcare', 'civil-rights', 'environmental', 'education', 'veterans', 'other'))`,
    );
    this.addSql(`create index "charities_is_active_index" on "charities" ("is_active")`);
    this.addSql(`alter table "registries" add constraint "registries_currency_check" check ("currency" in ('USD', 'CAD'))`);
    this.addSql(`alter table "registries" add constraint "registries_status_check" check ("status" in ('open', 'closed', 'payout_sent'))`);
    this.addSql(
      `alter table "registries" add constraint "registries_payout_method_check" check ("payout_method" is null or "payout_method" in ('bank', 'paypal', 'check'))`,
    );
    this.addSql(
      `alter table "registries" add constraint "registries_payout_status_check" check ("payout_status" in ('pending', 'completed'))`,
    );
    this.addSql(`alter table "registries" add constraint "registries_total_received_check" check ("total_received" >= 0)`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunded'))`,
    );
    this.addSql(
      `alter table "gifts" add constraint "gifts_amounts_check" check ("amount" > 0 and "child_amount" >= 0 and "charity_amount" >= 0 and "child_amount" + "charity_amount" = "amount" and "platform_fee" >= 0 and "stripe_fee" >= 0)`,
    );
    this.addSql(
      `alter table "thank_you_notes" add constraint "thank_you_notes_template_check" check ("template_id" in ('traditional', 'modern', 'nature', 'warm'))`,
    );
    this.addSql(
      `alter table "thank_you_notes" add constraint "thank_you_notes_image_size_check" check ("image_size" in ('small', 'medium', 'large'))`,
    );
    this.addSql(`alter table "thank_you_notes" add constraint "thank_you_notes_status_check" check ("status" in ('draft', 'sent'))`);
    this.addSql(
      `alter table "thank_you_cards" add constraint "thank_you_cards_template_check" check ("template_id" in ('traditional', 'modern', 'nature', 'warm'))`,
    );
    this.addSql(
      `alter table "thank_you_cards" add constraint "thank_you_cards_image_size_check" check ("image_size" in ('small', 'medium', 'large'))`,
    );
    this.addSql(`alter table "charity_payouts" add constraint "charity_payouts_currency_check" check ("currency" in ('USD', 'CAD'))`);
    this.addSql(`alter table "charity_payouts" add constraint "charity_payouts_status_check" check ("status" in ('pending', 'completed'))`);
    this.addSql(`create index "charity_payouts_charity_id_index" on "charity_payouts" ("charity_id")`);
    this.addSql(
      `create table "rate_limits" ("key" varchar(255) not null, "points" integer not null default 0, "expire" bigint null, primary key ("key"))`,
    );
    this.addSql(`create index "rate_limits_expire_index" on "rate_limits" ("expire")`);
  }
}
