import { Migration } from '@mikro-orm/migrations';

/** A queued message's files (an invitation's calendar event), blanked with its body once sent. */
export class Migration20261203300000MailAttachments extends Migration {
  override name = 'Migration20261203300000MailAttachments';

  override up(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" add column "attachments" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" drop column "attachments";`);
  }
}
