import { PERSONAL_AUDIT_KEYS, REDACTED_NAME, REMOVED_EMAIL } from '@core/model/redaction';
import type { PersonalDataRepository } from '@core/ports/personal-data-repository';
import type { RedactAuditTrail } from './in-memory-audit-trail';
import type { InMemoryCoOwnerInvitationRepository } from './in-memory-co-owner-invitation-repository';
import type { InMemoryDisputeRepository } from './in-memory-dispute-repository';
import type { InMemoryGiftRepository } from './in-memory-gift-repository';
import type { InMemoryGuestRepository } from './in-memory-guest-repository';
import type { InMemoryOfflineGiftRepository } from './in-memory-offline-gift-repository';
import type { InMemoryRegistryRepository } from './in-memory-registry-repository';
import type { InMemoryThankYouCardRepository } from './in-memory-thank-you-card-repository';
import type { InMemoryThankYouNoteRepository } from './in-memory-thank-you-note-repository';
import type { InMemoryUserRepository } from './in-memory-user-repository';

/** For tests only: the same redactions as the database's statements, over the other fakes' rows. */
export class InMemoryPersonalData implements PersonalDataRepository {
  /** When each registry's guests' data was purged. */
  rows = new Map<string, Date>();

  constructor(
    private readonly tables: {
      users: InMemoryUserRepository;
      registries: InMemoryRegistryRepository;
      gifts: InMemoryGiftRepository;
      offlineGifts: InMemoryOfflineGiftRepository;
      guests: InMemoryGuestRepository;
      thankYouNotes: InMemoryThankYouNoteRepository;
      thankYouCards: InMemoryThankYouCardRepository;
      coOwnerInvitations: InMemoryCoOwnerInvitationRepository;
      disputes: InMemoryDisputeRepository;
      redactAudit: RedactAuditTrail;
    },
  ) {}

  async redactRegistry(registryId: string): Promise<string[]> {
    const { registries, gifts, offlineGifts, thankYouNotes, thankYouCards, coOwnerInvitations, disputes } = this.tables;
    const registry = registries.rows.get(registryId);
    if (!registry) return [];
    const giftIds = [...gifts.rows.values()].filter((gift) => gift.registryId === registryId).map((gift) => gift.id);
    const byHandIds = [...offlineGifts.rows.values()].filter((gift) => gift.registryId === registryId).map((gift) => gift.id);
    const notes = [...thankYouNotes.rows.values()].filter((note) => giftIds.includes(note.giftId) || byHandIds.includes(note.giftId));
    const cards = [...thankYouCards.rows.values()].filter((card) => card.registryId === registryId);
    const photos = new Set([
      ...(registry.photoUrl ? [registry.photoUrl] : []),
      ...notes.flatMap((note) => note.imageUrls),
      ...cards.flatMap((card) => card.imageUrls),
    ]);
    registries.rows.set(registryId, {
      ...registry,
      childName: REDACTED_NAME,
      personalMessage: null,
      photoUrl: null,
      paypalEmail: null,
      mailingName: null,
      mailingAddress: null,
      mailingCity: null,
      mailingState: null,
      mailingZip: null,
      isActive: false,
      unlisted: true,
    });
    for (const id of giftIds) {
      const gift = gifts.rows.get(id)!;
      gifts.rows.set(id, { ...gift, giftGiverName: REDACTED_NAME, giftGiverEmail: REMOVED_EMAIL, personalMessage: null });
    }
    thankYouNotes.deleteByGiftIds([...giftIds, ...offlineGifts.deleteByRegistry(registryId)]);
    thankYouCards.deleteByRegistry(registryId);
    coOwnerInvitations.deleteByRegistry(registryId);
    this.tables.guests.deleteByRegistry(registryId);
    const disputeIds: string[] = [];
    for (const [id, dispute] of disputes.rows) {
      if (dispute.registryId !== registryId) continue;
      disputeIds.push(id);
      disputes.rows.set(id, { ...dispute, evidenceText: null });
    }
    this.tables.redactAudit(
      (event) =>
        (event.subjectType === 'registry' && event.subjectId === registryId) ||
        (event.subjectType === 'gift' && giftIds.includes(event.subjectId)) ||
        (event.subjectType === 'dispute' && disputeIds.includes(event.subjectId)),
      { keys: PERSONAL_AUDIT_KEYS },
    );
    return [...photos];
  }

  async redactUser(userId: string, replacement: { username: string; email: string; passwordHash: string }, at: Date): Promise<void> {
    const row = this.tables.users.rows.get(userId);
    if (!row) return;
    this.tables.users.rows.set(userId, {
      ...row,
      username: replacement.username,
      email: replacement.email,
      passwordHash: replacement.passwordHash,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      deletionDueAt: null,
      deletedAt: at,
      updatedAt: at,
    });
    this.tables.redactAudit((event) => event.actorUserId === userId, { label: true });
  }

  async lockGuestDataDue(paidOutBy: Date, limit: number): Promise<string[]> {
    const paidOut = (id: string) => {
      const registry = this.tables.registries.rows.get(id)!;
      return registry.payoutSentAt ?? registry.closedAt;
    };
    return [...this.tables.registries.rows.values()]
      .filter(
        (registry) =>
          registry.payoutStatus === 'completed' &&
          !this.rows.has(registry.id) &&
          (paidOut(registry.id)?.getTime() ?? Infinity) <= paidOutBy.getTime(),
      )
      .sort((a, b) => paidOut(a.id)!.getTime() - paidOut(b.id)!.getTime())
      .slice(0, limit)
      .map((registry) => registry.id);
  }

  async purgeGuestData(registryId: string, at: Date): Promise<{ gifts: number; giftsByHand: number }> {
    const { gifts, offlineGifts } = this.tables;
    let changedGifts = 0;
    for (const [id, gift] of gifts.rows) {
      if (gift.registryId !== registryId || (gift.giftGiverEmail === REMOVED_EMAIL && gift.personalMessage === null)) continue;
      gifts.rows.set(id, { ...gift, giftGiverEmail: REMOVED_EMAIL, personalMessage: null });
      changedGifts += 1;
    }
    let changedByHand = 0;
    for (const [id, gift] of offlineGifts.rows) {
      if (gift.registryId !== registryId || gift.giftGiverEmail === null) continue;
      offlineGifts.rows.set(id, { ...gift, giftGiverEmail: null });
      changedByHand += 1;
    }
    this.tables.guests.deleteByRegistry(registryId);
    this.rows.set(registryId, at);
    return { gifts: changedGifts, giftsByHand: changedByHand };
  }
}
