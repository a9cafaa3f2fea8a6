import { Migration } from '@mikro-orm/migrations';

/**
 * Each guest's personal link (only its SHA-256 digest, replaced when a new link is issued) and
 * their answer to the invitation; a gift given from a guest's link names the guest. Taking the
 * guest off the list leaves the gift, unmatched; the registry's deletion takes the links with it.
 */
export class Migration20261205100000GuestRsvp extends Migration {
  override name = 'Migration20261205100000GuestRsvp';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "guests" add column "token_hash" varchar(64) null, add column "rsvp_answer" varchar(10) null, add column "rsvp_party_size" int null, add column "rsvp_at" timestamptz null;`,
    );
    this.addSql(`alter table "guests" add constraint "guests_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "guests" add constraint "guests_rsvp_answer_check" check ("rsvp_answer" is null or "rsvp_answer" in ('yes', 'no', 'maybe'));`,
    );
    this.addSql(
      `alter table "guests" add constraint "guests_rsvp_party_size_check" check ("rsvp_party_size" is null or ("rsvp_party_size" >= 0 and "rsvp_party_size" <= 20));`,
    );
    this.addSql(`alter table "gifts" add column "guest_id" uuid null;`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_guest_id_foreign" foreign key ("guest_id") references "guests" ("id") on delete set null;`,
    );
    this.addSql(`create index "gifts_guest_id_index" on "gifts" ("guest_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gifts" drop column "guest_id";`);
    this.addSql(
      `alter table "guests" drop constraint "guests_rsvp_party_size_check", drop constraint "guests_rsvp_answer_check", drop constraint "guests_token_hash_unique";`,
    );
    this.addSql(
      `alter table "guests" drop column "token_hash", drop column "rsvp_answer", drop column "rsvp_party_size", drop column "rsvp_at";`,
    );
  }
}
