import { Migration } from '@mikro-orm/migrations';

/** A trigram index so the search by part of a child's name stays fast with many registries. */
export class Migration20261121070000RegistrySearch extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create index "registries_child_name_trgm_index" on "registries" using gin ("child_name" gin_trgm_ops)');
  }
}
