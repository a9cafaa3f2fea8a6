/**
 * Removes or redacts people's personal data for good (docs/product.md#your-data-export-and-deletion).
 * Amounts, the ledger and the audit trail's facts stay; names, addresses and words go.
 */
export interface PersonalDataRepository {
  /**
   * A deleted account's registry, kept on record for its money: the child's name becomes
   * REDACTED_NAME (core/model/redaction.ts), the message, photo and payout addresses go, it is retired (inactive, unlisted);
   * its givers' names, e-mails and messages are redacted; its gifts given by hand, thank-you notes
   * and cards, co-owner invitations and guest list are deleted; disputes' evidence and audit rows about it,
   * its gifts and its disputes lose their personal fields. Answers the photo addresses it no longer
   * points at (the registry's, the cards'), for the caller to remove from the photo store.
   */
  redactRegistry(registryId: string, at: Date): Promise<string[]>;
  /**
   * The account's own row: its username and e-mail become the replacement's, its names and photo
   * go, its password hash becomes one nobody knows the password of, and it is marked deleted; the
   * audit trail's label of what it did becomes "<role>:deleted".
   */
  redactUser(userId: string, replacement: { username: string; email: string; passwordHash: string }, at: Date): Promise<void>;
  /**
   * Inside a transaction: registries whose payout completed at or before the time and whose guests'
   * data is still kept, locked until the transaction ends, skipping those another transaction
   * holds, oldest first.
   */
  lockGuestDataDue(paidOutBy: Date, limit: number): Promise<string[]>;
  /** Purges the registry's guests' e-mails and messages (online and by hand) and its guest list, and marks it purged; answers how many gifts of each kind changed. */
  purgeGuestData(registryId: string, at: Date): Promise<{ gifts: number; giftsByHand: number }>;
}
