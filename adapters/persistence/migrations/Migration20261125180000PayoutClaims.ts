import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'charity_payout.completed', 'manual_payout.completed', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried'`;
const ACTIONS_AFTER = `'charity_payout.completed', 'charity_payout.claimed', 'charity_payout.released', 'manual_payout.completed', 'manual_payout.claimed', 'manual_payout.released', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried'`;
const KINDS_BEFORE = `'opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'registry.closed', 'family_payout.sent', 'charity_payout.sent'`;
const KINDS_AFTER = `'opening', 'gift.paid', 'gift.refunded', 'gift.late_payment_refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost', 'registry.closed', 'family_payout.claimed', 'family_payout.released', 'family_payout.sent', 'charity_payout.claimed', 'charity_payout.released', 'charity_payout.sent'`;

/**
 * Payouts are claimed before the money leaves (docs/adr/0017-payouts-claimed-before-they-are-sent.md):
 * family and charity payouts gain the sending state and who holds them since when (and how many
 * claims each had, which keys each claim's ledger entry); gifts record a refund the platform bore.
 * No existing row is sending or refunded at the platform's cost, so the ledger needs no opening
 * entry for them: `ledger verify` holds straight after the upgrade.
 */
export class Migration20261125180000PayoutClaims extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `alter table "registries" add "payout_claimed_by" varchar(255) null, add "payout_claimed_by_user_id" uuid null, add "payout_claimed_at" timestamptz null, add "payout_claims" int not null default 0;`,
    );
    this.addSql(`alter table "registries" drop constraint "registries_payout_status_check";`);
    this.addSql(
      `alter table "registries" add constraint "registries_payout_status_check" check ("payout_status" in ('pending', 'sending', 'completed'));`,
    );
    this.addSql(
      `alter table "charity_payouts" add "claimed_by" varchar(255) null, add "claimed_by_user_id" uuid null, add "claimed_at" timestamptz null, add "claims" int not null default 0;`,
    );
    this.addSql(`alter table "charity_payouts" drop constraint "charity_payouts_status_check";`);
    this.addSql(
      `alter table "charity_payouts" add constraint "charity_payouts_status_check" check ("status" in ('pending', 'sending', 'completed'));`,
    );
    this.addSql(`alter table "gifts" add "refunded_at_platform_cost" boolean not null default false;`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_AFTER}));`);
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_AFTER}));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ledger_entries" drop constraint "ledger_entries_kind_check";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in (${KINDS_BEFORE}));`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_BEFORE}));`);
    this.addSql(`alter table "gifts" drop column "refunded_at_platform_cost";`);
    this.addSql(`alter table "charity_payouts" drop constraint "charity_payouts_status_check";`);
    this.addSql(
      `alter table "charity_payouts" add constraint "charity_payouts_status_check" check ("status" in ('pending', 'completed'));`,
    );
    this.addSql(
      `alter table "charity_payouts" drop column "claimed_by", drop column "claimed_by_user_id", drop column "claimed_at", drop column "claims";`,
    );
    this.addSql(`alter table "registries" drop constraint "registries_payout_status_check";`);
    this.addSql(
      `alter table "registries" add constraint "registries_payout_status_check" check ("payout_status" in ('pending', 'completed'));`,
    );
    this.addSql(
      `alter table "registries" drop column "payout_claimed_by", drop column "payout_claimed_by_user_id", drop column "payout_claimed_at", drop column "payout_claims";`,
    );
  }
}
