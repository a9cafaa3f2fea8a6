import { isCurrency } from '@core/money';
import { DomainError } from '@core/errors';
import { awaitsEvidence, type DisputeReport } from '@core/model/dispute';
import { DisputeEvidenceRefused } from '@core/ports/payment-gateway';
import type { SandboxIntent } from '@core/ports/sandbox-payments';
import { SANDBOX_DISPUTE_FEE, sandboxDisputeDecision } from './sandbox-dispute-rules';
import type { Clock } from '@core/ports/clock';
import type { SandboxBalance } from '@core/ports/sandbox-balance';

const DISPUTE_ID = /^sbx_dp_(USD|CAD)_(\d{1,10})_([A-Za-z0-9_-]{16,})$/;

/** How long Stripe gives to answer a dispute in test mode, about. */
const EVIDENCE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The sandbox's card issuer: it disputes a payment made with the dispute card a few seconds after
 * it succeeds, and decides on the evidence a few seconds after it is sent, reporting each change
 * to the listener as Stripe reports it to the webhook. A dispute's id carries its payment's, so a
 * dispute this process forgot (after a restart) still answers, as freshly opened.
 */
export class SandboxDisputes {
  private readonly disputes = new Map<string, DisputeReport>();
  private readonly pending = new Set<Promise<void>>();
  private listener: ((report: DisputeReport) => Promise<void>) | null = null;

  /** With a balance, the money a dispute moves goes into its record, as Stripe's dispute adjustments do. */
  constructor(private readonly options: { clock: Clock; openAfterMs: number; decideAfterMs: number; balance?: SandboxBalance }) {}

  onChange(listener: (report: DisputeReport) => Promise<void>): void {
    this.listener = listener;
  }

  /** Opens the intent's dispute after the delay. */
  disputeLater(intent: SandboxIntent): void {
    this.later(this.options.openAfterMs, () => this.open(intent));
  }

  /** Opens it now: the charge and Stripe's dispute fee leave the balance, and evidence is due in a week. */
  open(intent: SandboxIntent): DisputeReport {
    const disputeId = `sbx_dp_${intent.id.slice('sbx_pi_'.length)}`;
    const known = this.disputes.get(disputeId);
    if (known) return known;
    const report = this.fresh(disputeId, intent);
    this.disputes.set(disputeId, report);
    return report;
  }

  retrieve(disputeId: string): DisputeReport {
    const known = this.disputes.get(disputeId);
    if (known) return known;
    const match = DISPUTE_ID.exec(disputeId);
    if (!match || !isCurrency(match[1])) throw new DomainError('dispute.not_found', 'No such dispute');
    return this.fresh(disputeId, { id: `sbx_pi_${disputeId.slice('sbx_dp_'.length)}`, currency: match[1], amount: Number(match[2]) });
  }

  /** Under review at once; decided by its words (sandboxDisputeDecision) after the delay. */
  submitEvidence(disputeId: string, text: string): DisputeReport {
    const report = this.retrieve(disputeId);
    if (!awaitsEvidence(report.status)) throw new DisputeEvidenceRefused('This dispute is not waiting for evidence');
    const under: DisputeReport = {
      ...report,
      status: report.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review',
    };
    this.disputes.set(disputeId, under);
    const decision = sandboxDisputeDecision(text);
    if (decision) {
      this.later(this.options.decideAfterMs, () => {
        // Won: the amount comes back; the fee stays with the provider, as Stripe's does.
        const decided: DisputeReport = {
          ...under,
          status: decision,
          reinstated: decision === 'won' && under.withdrawn ? { amount: under.withdrawn.amount } : null,
        };
        this.disputes.set(disputeId, decided);
        return decided;
      });
    }
    return under;
  }

  /** Resolves once every dispute change scheduled so far was reported (for tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private fresh(disputeId: string, intent: SandboxIntent): DisputeReport {
    return {
      disputeId,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      evidenceDueBy: new Date(this.options.clock.now().getTime() + EVIDENCE_WINDOW_MS),
      withdrawn: { amount: intent.amount, fee: SANDBOX_DISPUTE_FEE[intent.currency] },
      reinstated: null,
    };
  }

  /**
   * The balance's record of what the dispute moved, as Stripe lists it: an adjustment taking the
   * charge and the dispute fee when it opens, and one giving the charge back when it is won. Each
   * names the payment, as Stripe's adjustment's source (the dispute) does; recorded once per id.
   */
  private async recordMoney(report: DisputeReport): Promise<void> {
    const balance = this.options.balance;
    if (!balance) return;
    const created = this.options.clock.now();
    const base = { kind: 'other' as const, type: 'adjustment', reference: report.paymentIntentId, currency: report.currency, created };
    if (report.withdrawn)
      await balance.record({ ...base, id: `txn_sbx_dw_${report.disputeId}`, amount: -report.withdrawn.amount, fee: report.withdrawn.fee });
    if (report.reinstated)
      await balance.record({ ...base, id: `txn_sbx_dr_${report.disputeId}`, amount: report.reinstated.amount, fee: 0 });
  }

  /** Runs the change after the delay and reports it; the timer never holds the process open. */
  private later(delayMs: number, change: () => DisputeReport): void {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const report = change();
        const listener = this.listener;
        void this.recordMoney(report)
          .then(() => (listener ? listener(report) : undefined))
          .finally(resolve);
      }, delayMs);
      timer.unref();
    });
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }
}
