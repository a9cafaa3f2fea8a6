import { Migration } from '@mikro-orm/migrations';

/** Queued mail may name where replies go: the family on a thank-you card, support on a receipt or payout e-mail. */
export class Migration20261123201327MailReplyTo extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mail_outbox" add "reply_to" varchar(320) null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mail_outbox" drop column "reply_to"`);
  }
}
