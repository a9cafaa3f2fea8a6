import { Migration } from '@mikro-orm/migrations';

const KINDS_BEFORE = `'opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost', 'registry.closed', 'family_payout.claimed', 'family_payout.released', 'family_payout.sent', 'charity_payout.claimed', 'charity_payout.released', 'charity_payout.sent', 'dispute.opened', 'dispute.funds_withdrawn', 'dispute.funds_reinstated', 'dispute.won', 'dispute.lost', 'dispute.transfer_reversed', 'dispute.loss_held'`;
const ACTIONS_BEFORE = `'charity_payout.completed', 'charity_payout.claimed', 'charity_payout.released', 'manual_payout.completed', 'manual_payout.claimed', 'manual_payout.released', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried', 'dispute.evidence_submitted', 'dispute.transfer_reversed', 'bank_payout.claimed', 'bank_payout.released', 'bank_payout.completed'`;
const ACTIONS_AFTER = `${ACTIONS_BEFORE}, 'dispute.follow_up_sent'`;
const KINDS_AFTER = `${KINDS_BEFORE}, 'dispute.released', 'dispute.follow_up_sent'`;

/**
 * A registry closes with undecided disputes, holding back only their gifts; a dispute won after
 * closing pays the family's part in a follow-up payout, recorded on the dispute
 * (core/model/dispute.ts), and its ledger entries get kinds of their own. Additive: no existing
 * row changes.
 */
export class Migration20261201220000DisputeFollowUps extends Migration {
  override name = 'Migration20261201220000DisputeFollowUps';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "disputes" add column "follow_up_method" varchar(10) null, add column "follow_up_amount" numeric(10,2) null, add column "follow_up_status" varchar(10) null, add column "follow_up_reference" varchar(255) null, add column "follow_up_failure_message" text null, add column "follow_up_sent_at" timestamptz null, add column "follow_up_sent_by" varchar(255) null;`,
    );
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_method_check" check ("follow_up_method" is null or "follow_up_method" in ('bank', 'paypal', 'check'));`,
    );
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_status_check" check ("follow_up_status" is null or "follow_up_status" in ('pending', 'completed'));`,
    );
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_check" check (("follow_up_status" is null) = ("follow_up_amount" is null) and ("follow_up_status" is null) = ("follow_up_method" is null) and ("follow_up_amount" is null or "follow_up_amount" > 0));`,
    );
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_AFTER}));`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_AFTER}));`);
  }

  override down(): void | Promise<void> {
    // The ledger is append-only: entries already posted stay, and the old rule holds for new ones only.
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_BEFORE})) not valid;`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_BEFORE})) not valid;`);
    this.addSql(
      `alter table "disputes" drop constraint "disputes_follow_up_check", drop constraint "disputes_follow_up_status_check", drop constraint "disputes_follow_up_method_check";`,
    );
    this.addSql(
      `alter table "disputes" drop column "follow_up_method", drop column "follow_up_amount", drop column "follow_up_status", drop column "follow_up_reference", drop column "follow_up_failure_message", drop column "follow_up_sent_at", drop column "follow_up_sent_by";`,
    );
  }
}
