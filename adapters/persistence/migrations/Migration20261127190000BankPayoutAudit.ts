import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'charity_payout.completed', 'charity_payout.claimed', 'charity_payout.released', 'manual_payout.completed', 'manual_payout.claimed', 'manual_payout.released', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried', 'dispute.evidence_submitted', 'dispute.transfer_reversed'`;
const ACTIONS_AFTER = `${ACTIONS_BEFORE}, 'bank_payout.claimed', 'bank_payout.released', 'bank_payout.completed'`;

/**
 * The audit trail says who claimed a family's bank transfer, and whether it was sent or released,
 * as it says for PayPal and checks. No existing row changes: earlier transfers were not audited.
 */
export class Migration20261127190000BankPayoutAudit extends Migration {
  override name = 'Migration20261127190000BankPayoutAudit';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_AFTER}));`);
  }

  override down(): void | Promise<void> {
    // The trail is append-only (its trigger refuses DELETE): events already written stay, and the
    // old rule holds for new ones only (not valid: existing rows are not checked against it).
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_BEFORE})) not valid;`);
  }
}
