import { Migration } from '@mikro-orm/migrations';

/**
 * Whose celebration it is (Bar, Bat or B'nai Mitzvah). Every existing registry is taken as the
 * family preferring not to say, so it keeps reading "Bar/Bat Mitzvah".
 */
export class Migration20261123220605CelebrationType extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "registries" add "celebration_type" varchar(20) not null default 'unspecified'`);
    this.addSql(
      `alter table "registries" add constraint "registries_celebration_type_check" check ("celebration_type" in ('bar', 'bat', 'bnai', 'unspecified'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "registries" drop constraint "registries_celebration_type_check"`);
    this.addSql(`alter table "registries" drop column "celebration_type"`);
  }
}
