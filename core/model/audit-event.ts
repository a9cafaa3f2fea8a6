/** Who did something an administrator answers for: a signed-in admin, or an operator at the CLI. */
export interface AuditActor {
  userId: string | null;
  label: string;
}

export const AUDIT_ACTIONS = [
  'charity_payout.completed',
  'charity_payout.claimed',
  'charity_payout.released',
  'manual_payout.completed',
  'manual_payout.claimed',
  'manual_payout.released',
  'gift.refund_started',
  'gift.refunded',
  'gift.refund_failed',
  'payout.method_switched',
  'bank_payout.retried',
  'dispute.evidence_submitted',
  'dispute.transfer_reversed',
  'bank_payout.claimed',
  'bank_payout.released',
  'bank_payout.completed',
  'dispute.follow_up_sent',
  'dispute.follow_up_claimed',
  'dispute.follow_up_released',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SUBJECTS = ['charity_payout', 'registry', 'gift', 'dispute'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECTS)[number];

/** One line of the append-only audit trail: who, when, what, and the subject before and after. */
export interface AuditEvent {
  id: string;
  actorUserId: string | null;
  actorLabel: string;
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

export type NewAuditEvent = Omit<AuditEvent, 'id'>;
