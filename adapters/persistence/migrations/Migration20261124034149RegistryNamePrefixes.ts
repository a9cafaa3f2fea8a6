import { Migration } from '@mikro-orm/migrations';

const LISTED_OPEN = (row: string) => `${row}."status" = 'open' and ${row}."is_active" and not ${row}."unlisted"`;

/**
 * Guest search by the start of a word of the child's name, fast at a million registries: a table of
 * every word beginning of every listed open registry, in the order search answers, so a query reads
 * its first 20 candidates from one index range instead of sorting every trigram match (31,000 for
 * "ari"). Triggers on registries keep it, so every writer (server, CLI, raw SQL) keeps it right;
 * the search still rechecks the real name with the regular expression, so the table only narrows.
 */
export class Migration20261124034149RegistryNamePrefixes extends Migration {
  override name = 'Migration20261124034149RegistryNamePrefixes';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "registry_name_prefixes" ("prefix" varchar(12) not null, "child_name" varchar(255) not null, "celebration_date" timestamptz not null, "registry_id" uuid not null);`,
    );

    // The key of a query: its words joined by single spaces, letter case folded, cut at 12
    // characters (the regular expression checks the rest). lower(upper()) rather than lower():
    // it folds every pair of letters (?i) takes as one ("ς" and "Σ", "ı" and "I", "ſ" and "S",
    // which lower() alone keeps apart); checked over all of Unicode on PostgreSQL 15 and PGlite.
    // A cut that ends between words drops the space, as the table keeps no entry ending in one.
    this.addSql(`create function "registry_name_search_key"(words text) returns text language sql immutable strict parallel safe
      as $$ select rtrim(left(lower(upper(words)), 12), ' ') $$;`);
    // Every beginning (3 to 12 characters) of the name from each of its words on, its words split
    // as NAME_WORD_SEPARATOR splits them (core/registry/child-name-search.ts) and joined by single
    // spaces: "Sarah-Rose Cohen" has sar … sarah rose c, ros … rose cohen, coh … cohen. A query of
    // several words ("tamar stein") is then as narrow as its words together, not as its longest one.
    this.addSql(`create function "registry_name_prefixes_of"(child_name text) returns setof text language sql immutable strict parallel safe
      as $$ select distinct left(phrase, length)
        from (select array_remove(regexp_split_to_array(lower(upper(child_name)), '[\\s''’.-]+'), '') as words) as name,
          generate_subscripts(words, 1) as start, left(array_to_string(words[start:], ' '), 12) as phrase, generate_series(3, length(phrase)) as length
        where substr(phrase, length, 1) <> ' ' $$;`);

    // Inserted registries are handled once per statement: a bulk insert fills the table in one pass.
    this.addSql(`create function "registry_name_prefixes_insert"() returns trigger language plpgsql as $$
      begin
        insert into registry_name_prefixes (prefix, child_name, celebration_date, registry_id)
        select prefix, r.child_name, r.celebration_date, r.id from inserted_registries as r, registry_name_prefixes_of(r.child_name) as prefix
        where ${LISTED_OPEN('r')};
        return null;
      end $$;`);
    this.addSql(`create trigger "registry_name_prefixes_insert" after insert on "registries" referencing new table as inserted_registries
      for each statement execute function registry_name_prefixes_insert();`);

    // A registry's rows are found by the table's key, recomputed from the old row: no index of
    // registry_id to keep up on every insert.
    this.addSql(`create function "registry_name_prefixes_delete"() returns trigger language plpgsql as $$
      begin
        delete from registry_name_prefixes as p using deleted_registries as r, registry_name_prefixes_of(r.child_name) as k(prefix)
        where p.prefix = k.prefix and p.child_name = r.child_name and p.celebration_date = r.celebration_date and p.registry_id = r.id;
        return null;
      end $$;`);
    this.addSql(`create trigger "registry_name_prefixes_delete" after delete on "registries" referencing old table as deleted_registries
      for each statement execute function registry_name_prefixes_delete();`);
    // Delete, not truncate: a statement truncating both tables at once (as tests do) holds the table
    // open, and PostgreSQL refuses to truncate it again from the trigger.
    this.addSql(`create function "registry_name_prefixes_truncate"() returns trigger language plpgsql as $$
      begin
        delete from registry_name_prefixes;
        return null;
      end $$;`);
    this.addSql(`create trigger "registry_name_prefixes_truncate" after truncate on "registries"
      for each statement execute function registry_name_prefixes_truncate();`);

    // Updates row by row, and only when the name, the date or being listed and open changes: the
    // frequent updates (a gift's total) never touch the table.
    this.addSql(`create function "registry_name_prefixes_update"() returns trigger language plpgsql as $$
      begin
        delete from registry_name_prefixes as p using registry_name_prefixes_of(old.child_name) as k(prefix)
        where p.prefix = k.prefix and p.child_name = old.child_name and p.celebration_date = old.celebration_date and p.registry_id = old.id;
        if ${LISTED_OPEN('new')} then
          insert into registry_name_prefixes (prefix, child_name, celebration_date, registry_id)
          select prefix, new.child_name, new.celebration_date, new.id from registry_name_prefixes_of(new.child_name) as prefix;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "registry_name_prefixes_update" after update of "child_name", "celebration_date", "status", "is_active", "unlisted" on "registries"
      for each row when (old."child_name" is distinct from new."child_name" or old."celebration_date" is distinct from new."celebration_date"
        or (${LISTED_OPEN('old')}) is distinct from (${LISTED_OPEN('new')}))
      execute function registry_name_prefixes_update();`);

    this.addSql(`insert into "registry_name_prefixes" ("prefix", "child_name", "celebration_date", "registry_id")
      select prefix, r."child_name", r."celebration_date", r."id" from "registries" as r, registry_name_prefixes_of(r."child_name") as prefix
      where ${LISTED_OPEN('r')};`);
    // Keyed once filled: one sorted build rather than ten random index inserts per registry.
    this.addSql(
      `alter table "registry_name_prefixes" add constraint "registry_name_prefixes_pkey" primary key ("prefix", "child_name", "celebration_date", "registry_id");`,
    );
    // Thousands of prefixes are common (a first name and the start of a surname): a longer list of
    // frequent values keeps the planner's estimates close for them.
    this.addSql(`alter table "registry_name_prefixes" alter column "prefix" set statistics 1000;`);

    // Only search used these two; they would now only slow every write of a registry.
    this.addSql(`drop index "registries_child_name_trgm_index";`);
    this.addSql(`drop index "registries_listed_child_name_index";`);
  }

  override down(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      this.addSql(`drop trigger "registry_name_prefixes_${event}" on "registries";`);
      this.addSql(`drop function "registry_name_prefixes_${event}"();`);
    }
    this.addSql(`drop table if exists "registry_name_prefixes" cascade;`);
    this.addSql(`drop function "registry_name_prefixes_of"(text);`);
    this.addSql(`drop function "registry_name_search_key"(text);`);

    this.addSql(`create index "registries_child_name_trgm_index" on "registries" using gin ("child_name" gin_trgm_ops);`);
    this.addSql(
      `create index "registries_listed_child_name_index" on "registries" ("child_name", "celebration_date", "id") where "status" = 'open' and "is_active" and not "unlisted";`,
    );
  }
}
