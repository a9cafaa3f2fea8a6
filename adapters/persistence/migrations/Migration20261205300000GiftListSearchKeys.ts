import { Migration } from '@mikro-orm/migrations';

/**
 * The fold as core did it when this migration was written (core/model/gift-list.ts), kept here:
 * a migration must give the same rows the same keys whenever it runs. Should core's fold change,
 * a new migration folds every row again.
 */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

function giftListSearchKeys(name: string, email: string | null, message: string | null) {
  return {
    giverKey: folded(name.trim()),
    emailKey: email === null ? null : folded(email),
    messageKey: message === null ? null : folded(message),
  };
}

/** Enough rows to keep a statement short, few enough that a registry of thousands takes a handful. */
const BATCH = 500;

type Table = { name: 'gifts' | 'offline_gifts'; message: 'personal_message' | 'note'; emailRequired: boolean };
const TABLES: Table[] = [
  { name: 'gifts', message: 'personal_message', emailRequired: true },
  { name: 'offline_gifts', message: 'note', emailRequired: false },
];

/**
 * The owner's gift list searched and sorted by giver in the database: each gift keeps its name,
 * e-mail and message folded as core folds them (core/model/gift-list.ts), which no SQL function
 * does alike on every server (lower() follows the database's locale, accents need an extension).
 * The keys of existing gifts are computed here, a batch at a time, before they become required.
 */
export class Migration20261205300000GiftListSearchKeys extends Migration {
  override name = 'Migration20261205300000GiftListSearchKeys';

  override async up(): Promise<void> {
    for (const table of TABLES) {
      await this.execute(
        `alter table "${table.name}" add column "giver_key" text null, add column "email_key" text null, add column "message_key" text null;`,
      );
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows = (await this.execute(
          `select "id", "gift_giver_name" as "name", "gift_giver_email" as "email", "${table.message}" as "message" from "${table.name}" where "id" > ? order by "id" limit ${BATCH}`,
          [after],
        )) as { id: string; name: string; email: string | null; message: string | null }[];
        if (rows.length === 0) break;
        // One statement a batch: a row at a time took seconds a thousand gifts.
        const values = rows.map(() => '(?::uuid, ?, ?, ?)').join(', ');
        const params = rows.flatMap((row) => {
          const keys = giftListSearchKeys(row.name, row.email, row.message);
          return [row.id, keys.giverKey, keys.emailKey, keys.messageKey];
        });
        await this.execute(
          `update "${table.name}" as "gift" set "giver_key" = "keys"."giver_key", "email_key" = "keys"."email_key", "message_key" = "keys"."message_key"
           from (values ${values}) as "keys" ("id", "giver_key", "email_key", "message_key") where "gift"."id" = "keys"."id"`,
          params,
        );
        after = rows[rows.length - 1]!.id;
      }
      await this.execute(`alter table "${table.name}" alter column "giver_key" set not null;`);
      if (table.emailRequired) await this.execute(`alter table "${table.name}" alter column "email_key" set not null;`);
    }
    // By giver, ties by date then id, as the list pages by date and by amount.
    await this.execute(
      `create index "gifts_registry_id_giver_key_index" on "gifts" ("registry_id", "giver_key" collate "C", "created_at", "id");`,
    );
  }

  override async down(): Promise<void> {
    await this.execute(`drop index if exists "gifts_registry_id_giver_key_index";`);
    for (const table of TABLES)
      await this.execute(`alter table "${table.name}" drop column "giver_key", drop column "email_key", drop column "message_key";`);
  }
}
