import { isUndeliverable, suppressionKey, type Suppression, type SuppressionScope } from '@core/model/suppression';
import type { MailSuppressionRepository } from '@core/ports/mail-suppression-repository';

/** The suppression list in a Map keyed by address and scope. For tests only. */
export class InMemoryMailSuppressionRepository implements MailSuppressionRepository {
  rows = new Map<string, Suppression>();

  async add(suppression: Suppression): Promise<void> {
    const address = suppressionKey(suppression.address);
    this.rows.set(`${address} ${suppression.scope}`, { ...suppression, address });
  }

  async listFor(address: string): Promise<Suppression[]> {
    const key = suppressionKey(address);
    return [...this.rows.values()].filter((row) => row.address === key).map((row) => structuredClone(row));
  }

  async remove(address: string, scope: SuppressionScope): Promise<boolean> {
    return this.rows.delete(`${suppressionKey(address)} ${scope}`);
  }

  async liftUndeliverable(address: string): Promise<boolean> {
    const key = suppressionKey(address);
    let lifted = false;
    for (const [id, row] of this.rows) {
      if (row.address === key && isUndeliverable(row.reason)) {
        this.rows.delete(id);
        lifted = true;
      }
    }
    return lifted;
  }
}
