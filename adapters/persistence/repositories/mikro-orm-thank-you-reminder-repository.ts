import { isUuid } from '@core/ids';
import type { ThankYouReminderRepository } from '@core/ports/thank-you-reminder-repository';
import type { EntityManagerSource } from './entity-manager-source';

// A gift without a sent card is a succeeded gift, or one given by hand, with no note or a note not
// sent: the same rule as core/thank-you/card-for-all-recipients.ts, which the contract test holds
// both to.
const DUE = `
  select r."id" from "registries" r
  where r."celebration_date" <= ?
    and not exists (select 1 from "thank_you_reminders" t where t."registry_id" = r."id")
    and (
      exists (
        select 1 from "gifts" g
        where g."registry_id" = r."id" and g."payment_status" = 'succeeded'
          and not exists (select 1 from "thank_you_notes" n where n."gift_id" = g."id" and n."status" = 'sent'))
      or exists (
        select 1 from "offline_gifts" o
        where o."registry_id" = r."id"
          and not exists (select 1 from "thank_you_notes" n where n."offline_gift_id" = o."id" and n."status" = 'sent')))
  order by r."celebration_date", r."id"
  limit ?`;

export class MikroOrmThankYouReminderRepository implements ThankYouReminderRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async listDue(celebratedBy: Date, limit: number): Promise<string[]> {
    const rows = await this.em().execute<{ id: string }[]>(DUE, [celebratedBy, limit]);
    return rows.map((row) => row.id);
  }

  async record(registryId: string, remindedAt: Date): Promise<boolean> {
    if (!isUuid(registryId)) return false;
    // One statement: of two instances reminding at once, one inserts and the other learns it lost.
    const rows = await this.em().execute<{ id: string }[]>(
      `insert into "thank_you_reminders" ("registry_id", "reminded_at") select "id", ? from "registries" where "id" = ?
       on conflict ("registry_id") do nothing returning "id"`,
      [remindedAt, registryId],
    );
    return rows.length > 0;
  }
}
