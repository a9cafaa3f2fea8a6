import { Migration } from '@mikro-orm/migrations';

/**
 * A PayPal or check payout marked sent keeps what the administrator recorded of it: the PayPal
 * transaction id or the check's number. Payouts sent before have none.
 */
export class Migration20261201210000PayoutReference extends Migration {
  override up(): void | Promise<void> {
    this.addSql(`alter table "registries" add "payout_reference" varchar(255) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "registries" drop column "payout_reference";`);
  }
}
