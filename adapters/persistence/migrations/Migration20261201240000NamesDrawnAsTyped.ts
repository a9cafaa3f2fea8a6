import { Migration } from '@mikro-orm/migrations';

/** The columns whose names e-mails, subjects, titles and link previews quote (core/name-characters.ts). */
const NAME_COLUMNS: [table: string, column: string][] = [
  ['users', 'first_name'],
  ['users', 'last_name'],
  ['registries', 'child_name'],
  ['registries', 'mailing_name'],
  ['gifts', 'gift_giver_name'],
  ['offline_gifts', 'gift_giver_name'],
  ['charities', 'name'],
];

// PostgreSQL's own escapes (the regular expression reads \uXXXX), as core/control-characters.ts lists them.
const LINE_BREAKS = '[\\t\\n\\u000B\\f\\r\\u0085]+';
const OTHERS = '[\\u0001-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]';

/**
 * Names stored before the schemas refused control characters and direction controls: a line break
 * becomes a space and the rest go, so no old name splits a line of an e-mail or shows reversed
 * where it is quoted. Only rows holding one change; the columns stay as they were.
 */
export class Migration20261201240000NamesDrawnAsTyped extends Migration {
  override name = 'Migration20261201240000NamesDrawnAsTyped';

  override up(): void | Promise<void> {
    for (const [table, column] of NAME_COLUMNS) {
      this.addSql(
        `update "${table}" set "${column}" = btrim(regexp_replace(regexp_replace("${column}", '${LINE_BREAKS}', ' ', 'g'), '${OTHERS}', '', 'g'))
         where "${column}" ~ '${OTHERS}';`,
      );
    }
  }

  override down(): void | Promise<void> {
    // What was dropped is not kept anywhere: the names stay as cleaned.
  }
}
