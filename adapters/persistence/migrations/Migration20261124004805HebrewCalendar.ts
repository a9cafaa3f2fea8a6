import { Migration } from '@mikro-orm/migrations';

/**
 * Which Torah-reading schedule names a registry's Shabbat parashah. Every existing registry
 * follows the diaspora's, the schedule most of the product's families keep.
 */
export class Migration20261124004805HebrewCalendar extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "registries" add "hebrew_calendar" varchar(10) not null default 'diaspora'`);
    this.addSql(
      `alter table "registries" add constraint "registries_hebrew_calendar_check" check ("hebrew_calendar" in ('diaspora', 'israel'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "registries" drop constraint "registries_hebrew_calendar_check"`);
    this.addSql(`alter table "registries" drop column "hebrew_calendar"`);
  }
}
