import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost', 'registry.closed', 'family_payout.claimed', 'family_payout.released', 'family_payout.sent', 'charity_payout.claimed', 'charity_payout.released', 'charity_payout.sent', 'dispute.opened', 'dispute.funds_withdrawn', 'dispute.funds_reinstated', 'dispute.won', 'dispute.lost', 'dispute.transfer_reversed'`;
const KINDS_AFTER = `${KINDS_BEFORE}, 'dispute.loss_held'`;

/**
 * A dispute lost while its gift was being refunded, whose refund then failed on an open registry:
 * its loss, booked as the platform's whole, comes back to what a held gift's loss is
 * (core/ledger/dispute-postings.ts). No existing row changes.
 */
export class Migration20261127220000DisputeLossHeld extends Migration {
  override name = 'Migration20261127220000DisputeLossHeld';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_AFTER}));`);
  }

  override down(): void | Promise<void> {
    // The ledger is append-only: entries already posted stay, and the old rule holds for new ones only.
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_BEFORE})) not valid;`);
  }
}
