import { MAIL_PROBLEMS, suppressionKey, isUndeliverable, type Suppression, type SuppressionScope } from '@core/model/suppression';
import type { MailSuppressionRepository } from '@core/ports/mail-suppression-repository';
import { MailSuppressionEntity } from '../entities/mail-suppression-entity';
import type { EntityManagerSource } from './entity-manager-source';

const UNDELIVERABLE = MAIL_PROBLEMS.filter(isUndeliverable);

export class MikroOrmMailSuppressionRepository implements MailSuppressionRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async add(suppression: Suppression): Promise<void> {
    // One statement: two reports at once leave one row, with the later reason.
    await this.em().execute(
      `insert into "mail_suppressions" ("address", "scope", "reason", "created_at") values (?, ?, ?, ?)
       on conflict ("address", "scope") do update set "reason" = excluded."reason", "created_at" = excluded."created_at"`,
      [suppressionKey(suppression.address), suppression.scope, suppression.reason, suppression.createdAt],
      'run',
    );
  }

  async listFor(address: string): Promise<Suppression[]> {
    const rows = await this.em().find(MailSuppressionEntity, { address: suppressionKey(address) });
    return rows.map((row) => ({ address: row.address, scope: row.scope, reason: row.reason, createdAt: row.createdAt }));
  }

  async remove(address: string, scope: SuppressionScope): Promise<boolean> {
    return (await this.em().nativeDelete(MailSuppressionEntity, { address: suppressionKey(address), scope })) > 0;
  }

  async liftUndeliverable(address: string): Promise<boolean> {
    return (await this.em().nativeDelete(MailSuppressionEntity, { address: suppressionKey(address), reason: { $in: UNDELIVERABLE } })) > 0;
  }
}
