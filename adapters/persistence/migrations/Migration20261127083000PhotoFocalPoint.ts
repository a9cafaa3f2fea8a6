import { Migration } from '@mikro-orm/migrations';

/**
 * A registry's photo keeps a focal point (core/model/photo-focus.ts), so its crops keep the
 * child's face. Registries opened before it are centred, as their crops were until now.
 */
export class Migration20261127083000PhotoFocalPoint extends Migration {
  override name = 'Migration20261127083000PhotoFocalPoint';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "registries" add "photo_focus_x" smallint not null default 50, add "photo_focus_y" smallint not null default 50;`,
    );
    this.addSql(
      `alter table "registries" add constraint "registries_photo_focus_x_check" check ("photo_focus_x" >= 0 and "photo_focus_x" <= 100);`,
    );
    this.addSql(
      `alter table "registries" add constraint "registries_photo_focus_y_check" check ("photo_focus_y" >= 0 and "photo_focus_y" <= 100);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "registries" drop constraint "registries_photo_focus_y_check";`);
    this.addSql(`alter table "registries" drop constraint "registries_photo_focus_x_check";`);
    this.addSql(`alter table "registries" drop column "photo_focus_x", drop column "photo_focus_y";`);
  }
}
