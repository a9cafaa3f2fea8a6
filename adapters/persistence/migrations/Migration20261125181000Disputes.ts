import { Migration } from '@mikro-orm/migrations';

// Every value the payout claims (Migration20261125180000PayoutClaims) brought stays listed: this
// migration redefines the ledger's entry kinds and the audit trail's actions last.
const KINDS_BEFORE = `'opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost', 'registry.closed', 'family_payout.claimed', 'family_payout.released', 'family_payout.sent', 'charity_payout.claimed', 'charity_payout.released', 'charity_payout.sent'`;
const KINDS_AFTER = `'opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost', 'registry.closed', 'family_payout.claimed', 'family_payout.released', 'family_payout.sent', 'charity_payout.claimed', 'charity_payout.released', 'charity_payout.sent', 'dispute.opened', 'dispute.funds_withdrawn', 'dispute.funds_reinstated', 'dispute.won', 'dispute.lost', 'dispute.transfer_reversed'`;
const ACTIONS_BEFORE = `'charity_payout.completed', 'charity_payout.claimed', 'charity_payout.released', 'manual_payout.completed', 'manual_payout.claimed', 'manual_payout.released', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried'`;
const ACTIONS_AFTER = `'charity_payout.completed', 'charity_payout.claimed', 'charity_payout.released', 'manual_payout.completed', 'manual_payout.claimed', 'manual_payout.released', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried', 'dispute.evidence_submitted', 'dispute.transfer_reversed'`;

/**
 * Disputes (chargebacks) of gifts' charges: the disputes table, a gift's disputed status, the
 * ledger's dispute entries, and the audit trail's two dispute actions (evidence sent, a family's
 * transfer reversed). No existing row changes: no dispute was followed before.
 */
export class Migration20261125181000Disputes extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "disputes" ("id" uuid not null default gen_random_uuid(), "provider_dispute_id" varchar(255) not null, "gift_id" uuid not null, "registry_id" uuid not null, "payment_intent_id" varchar(255) not null, "currency" varchar(3) not null, "amount" numeric(10,2) not null, "reason" varchar(100) not null, "status" varchar(30) not null, "evidence_due_by" timestamptz null, "phase" varchar(10) not null, "held_amount" numeric(10,2) not null, "withdrawn_amount" numeric(10,2) null, "withdrawn_fee" numeric(10,2) null, "reinstated_amount" numeric(10,2) null, "evidence_submitted_at" timestamptz null, "evidence_text" text null, "transfer_reversal_id" varchar(255) null, "reversed_amount" numeric(10,2) null, "created_at" timestamptz not null default now(), "closed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "disputes" add constraint "disputes_provider_dispute_id_unique" unique ("provider_dispute_id");`);
    this.addSql(`create index "disputes_gift_id_index" on "disputes" ("gift_id");`);
    this.addSql(`create index "disputes_registry_id_index" on "disputes" ("registry_id");`);
    this.addSql(`create index "disputes_created_at_index" on "disputes" ("created_at");`);

    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_AFTER}));`);

    this.addSql(`alter table "gifts" drop constraint "gifts_payment_status_check";`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunding', 'refunded', 'expired', 'disputed'));`,
    );

    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_subject_type_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_AFTER}));`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_subject_type_check" check ("subject_type" in ('charity_payout', 'registry', 'gift', 'dispute'));`,
    );

    this.addSql(`alter table "disputes" add constraint "disputes_gift_id_foreign" foreign key ("gift_id") references "gifts" ("id");`);
    this.addSql(
      `alter table "disputes" add constraint "disputes_registry_id_foreign" foreign key ("registry_id") references "registries" ("id");`,
    );
    this.addSql(
      `alter table "disputes" add constraint "disputes_status_check" check ("status" in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost'));`,
    );
    this.addSql(`alter table "disputes" add constraint "disputes_phase_check" check ("phase" in ('held', 'paid'));`);
    this.addSql(`alter table "disputes" add constraint "disputes_currency_check" check ("currency" in ('USD', 'CAD'));`);
    this.addSql(
      `alter table "disputes" add constraint "disputes_amounts_check" check ("amount" > 0 and "held_amount" >= 0 and ("withdrawn_amount" is null or "withdrawn_amount" >= 0) and ("withdrawn_fee" is null or "withdrawn_fee" >= 0) and ("reinstated_amount" is null or "reinstated_amount" >= 0) and ("reversed_amount" is null or "reversed_amount" > 0));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "disputes";`);
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_BEFORE}));`);
    this.addSql(`alter table "gifts" drop constraint "gifts_payment_status_check";`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunding', 'refunded', 'expired'));`,
    );
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_subject_type_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_BEFORE}));`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_subject_type_check" check ("subject_type" in ('charity_payout', 'registry', 'gift'));`,
    );
  }
}
