import { Migration } from '@mikro-orm/migrations';

/**
 * Search answers the first 20 listed registries by name: for a common word the planner walks this
 * index in name order and stops at 20 matches, instead of sorting every match the trigram index finds.
 */
export class Migration20261123221957ListedNameOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "registries_listed_child_name_index" on "registries" ("child_name", "celebration_date", "id") where "status" = 'open' and "is_active" and not "unlisted"`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "registries_listed_child_name_index"`);
  }
}
