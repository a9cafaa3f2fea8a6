/**
 * Invitation e-mails are budgeted per day, per registry and per account, so the guest list can
 * never become a way to mail strangers at scale (docs/operations.md#rate-limits): a registry may
 * send its whole list once and a few resends (INVITATION_RESENDS_PER_DAY), an account at most
 * INVITATIONS_PER_ACCOUNT_PER_DAY across its registries. The adapter counts the day.
 */
export interface InvitationMailBudget {
  /** Takes `count` invitations for the registry, or refuses (429, with when to try again) when the day's budget would be passed. */
  take(registryId: string, count: number): Promise<void>;
  /** Gives back invitations taken and then not sent. */
  giveBack(registryId: string, count: number): Promise<void>;
}
