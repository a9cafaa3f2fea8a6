import { Migration } from '@mikro-orm/migrations';

/** A family may keep its registry unlisted: reachable by its link only, never found by search. Existing ones stay listed. */
export class Migration20261123201344UnlistedRegistries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "registries" add "unlisted" boolean not null default false`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "registries" drop column "unlisted"`);
  }
}
