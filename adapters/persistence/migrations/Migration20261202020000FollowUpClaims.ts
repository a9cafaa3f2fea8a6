import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = `'charity_payout.completed', 'charity_payout.claimed', 'charity_payout.released', 'manual_payout.completed', 'manual_payout.claimed', 'manual_payout.released', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried', 'dispute.evidence_submitted', 'dispute.transfer_reversed', 'bank_payout.claimed', 'bank_payout.released', 'bank_payout.completed', 'dispute.follow_up_sent'`;
const ACTIONS_AFTER = `${ACTIONS_BEFORE}, 'dispute.follow_up_claimed', 'dispute.follow_up_released'`;

/**
 * A PayPal or check follow-up payout is claimed before it is sent, as a manual family payout
 * (core/dispute/follow-up-payout.ts): who holds it and since when, and how many claims it had (its
 * ledger entries' numbers). Additive: follow-ups recorded before have no claim and none counted,
 * which the ledger reads as sent without one (core/ledger/dispute-postings.ts).
 */
export class Migration20261202020000FollowUpClaims extends Migration {
  override name = 'Migration20261202020000FollowUpClaims';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "disputes" add column "follow_up_claimed_by" varchar(255) null, add column "follow_up_claimed_by_user_id" uuid null, add column "follow_up_claimed_at" timestamptz null, add column "follow_up_claims" int not null default 0;`,
    );
    this.addSql(`alter table "disputes" drop constraint "disputes_follow_up_status_check";`);
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_status_check" check ("follow_up_status" is null or "follow_up_status" in ('pending', 'sending', 'completed'));`,
    );
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_AFTER}));`);
  }

  override down(): void | Promise<void> {
    // The audit trail is append-only: events already written stay, and the old rule holds for new ones only.
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_action_check" check ("action" in (${ACTIONS_BEFORE})) not valid;`);
    this.addSql(`update "disputes" set "follow_up_status" = 'pending' where "follow_up_status" = 'sending';`);
    this.addSql(`alter table "disputes" drop constraint "disputes_follow_up_status_check";`);
    this.addSql(
      `alter table "disputes" add constraint "disputes_follow_up_status_check" check ("follow_up_status" is null or "follow_up_status" in ('pending', 'completed'));`,
    );
    this.addSql(
      `alter table "disputes" drop column "follow_up_claimed_by", drop column "follow_up_claimed_by_user_id", drop column "follow_up_claimed_at", drop column "follow_up_claims";`,
    );
  }
}
