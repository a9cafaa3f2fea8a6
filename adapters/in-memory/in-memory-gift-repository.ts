import { DomainError } from '@core/errors';
import { isListed, type Gift, type PaymentStatus } from '@core/model/gift';
import { giftListPage, type GiftListPage } from '@core/model/gift-list';
import type { GiftListQuery } from '@core/model/gift-list-query';
import { tallyOf, type GiftTally } from '@core/model/gift-tally';
import type { GiftRepository, NewGift } from '@core/ports/gift-repository';
import type { OfflineGiftRepository } from '@core/ports/offline-gift-repository';
import type { ThankYouNoteRepository } from '@core/ports/thank-you-note-repository';
import { contributorsPage, type ContributorsPageRows } from '@core/model/contributors-page';
import type { ContributorsQuery } from '@core/model/contributors-query';

export class InMemoryGiftRepository implements GiftRepository {
  rows = new Map<string, Gift>();
  /** Set by the repositories: the gift list reads the gifts given by hand beside these, as the database's does. */
  offlineGifts: Pick<OfflineGiftRepository, 'listByRegistry'> = { listByRegistry: async () => [] };
  /** Set by the repositories: the contributors' page counts the cards beside the gifts, as the database's does. */
  thankYouNotes: Pick<ThankYouNoteRepository, 'listByGiftIds'> = { listByGiftIds: async () => [] };
  /** When each refund began, as the database keeps it beside the gift. */
  private readonly refundStartedAt = new Map<string, Date>();

  /** The guest whose personal link each gift was given from, kept beside the row as the database keeps a column core's Gift does not carry. */
  guestOf = new Map<string, string>();

  async create({ guestId, ...gift }: NewGift): Promise<Gift> {
    const row: Gift = {
      ...gift,
      providerFee: null,
      refundedAtPlatformCost: false,
      shareEmailWithCharity: gift.shareEmailWithCharity ?? false,
      id: crypto.randomUUID(),
      createdAt: new Date(),
    };
    this.rows.set(row.id, row);
    if (guestId) this.guestOf.set(row.id, guestId);
    return { ...row };
  }

  /** A guest taken off the list leaves their gifts, unmatched. */
  forgetGuests(guestIds: readonly string[]): void {
    for (const [giftId, guestId] of this.guestOf) if (guestIds.includes(guestId)) this.guestOf.delete(giftId);
  }

  async findById(id: string): Promise<Gift | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async findByPaymentIntentIdForUpdate(paymentIntentId: string): Promise<Gift | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.paymentIntentId === paymentIntentId);
    return row ? { ...row } : null;
  }

  async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
    if (this.rows.get(id)?.paymentStatus !== 'pending') return false;
    this.change(id, { paymentIntentId });
    return true;
  }

  async settleUnpaid(id: string, paymentIntentId: string | null, status: 'failed' | 'expired'): Promise<boolean> {
    const row = this.rows.get(id);
    if (row?.paymentStatus !== 'pending' || row.paymentIntentId !== paymentIntentId) return false;
    this.change(id, { paymentStatus: status });
    return true;
  }

  async beginRefund(id: string, at: Date, atPlatformCost = false): Promise<boolean> {
    if (!(await this.changeStatus(id, 'succeeded', 'refunding'))) return false;
    this.refundStartedAt.set(id, at);
    this.change(id, { refundedAtPlatformCost: atPlatformCost });
    return true;
  }

  async markRefundedAtPlatformCost(id: string): Promise<void> {
    if (this.rows.has(id)) this.change(id, { refundedAtPlatformCost: true });
  }

  async changeStatus(id: string, from: PaymentStatus, to: PaymentStatus): Promise<boolean> {
    if (this.rows.get(id)?.paymentStatus !== from) return false;
    this.change(id, { paymentStatus: to });
    return true;
  }

  async listRefundingStartedBefore(before: Date, limit: number): Promise<Gift[]> {
    const startedAt = (row: Gift) => this.refundStartedAt.get(row.id)?.getTime() ?? 0;
    return [...this.rows.values()]
      .filter((row) => row.paymentStatus === 'refunding' && startedAt(row) < before.getTime())
      .sort((a, b) => startedAt(a) - startedAt(b))
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async listPendingCreatedBefore(before: Date, limit: number): Promise<Gift[]> {
    return [...this.rows.values()]
      .filter((row) => row.paymentStatus === 'pending' && row.createdAt < before)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async setStatus(id: string, status: PaymentStatus): Promise<void> {
    this.change(id, { paymentStatus: status });
  }

  async setProviderFee(id: string, fee: number): Promise<void> {
    this.change(id, { providerFee: fee });
  }

  async listMoneyMoved(): Promise<Gift[]> {
    return [...this.rows.values()]
      .filter(
        (row) =>
          row.paymentStatus === 'succeeded' ||
          row.paymentStatus === 'refunding' ||
          row.paymentStatus === 'refunded' ||
          row.paymentStatus === 'disputed',
      )
      .map((row) => ({ ...row }));
  }

  private change(id: string, changes: Partial<Gift>): void {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('gift.not_found', 'Gift not found');
    this.rows.set(id, { ...row, ...changes });
  }

  async listByRegistry(registryId: string): Promise<Gift[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...row }));
  }

  async countSucceeded(registryIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const row of this.rows.values()) {
      if (row.paymentStatus === 'succeeded' && registryIds.includes(row.registryId)) {
        counts.set(row.registryId, (counts.get(row.registryId) ?? 0) + 1);
      }
    }
    return counts;
  }

  async hasRefundUnderWay(registryIds: readonly string[], charityId: string): Promise<boolean> {
    return [...this.rows.values()].some(
      (row) => registryIds.includes(row.registryId) && row.charityId === charityId && row.paymentStatus === 'refunding',
    );
  }

  async paymentStatusesOf(registryId: string): Promise<Set<PaymentStatus>> {
    return new Set([...this.rows.values()].filter((row) => row.registryId === registryId).map((row) => row.paymentStatus));
  }

  async tallyByRegistry(registryId: string): Promise<GiftTally[]> {
    return tallyOf(await this.listByRegistry(registryId));
  }

  async tallyByRegistries(registryIds: readonly string[]): Promise<Map<string, GiftTally[]>> {
    return new Map(await Promise.all(registryIds.map(async (id) => [id, await this.tallyByRegistry(id)] as const)));
  }

  async listRecentListed(registryId: string, limit: number): Promise<Gift[]> {
    return (await this.listByRegistry(registryId)).filter(isListed).slice(0, limit);
  }

  async listByRegistryWithStatus(registryId: string, status: PaymentStatus): Promise<Gift[]> {
    return (await this.listByRegistry(registryId)).filter((gift) => gift.paymentStatus === status);
  }

  async findByIds(ids: readonly string[]): Promise<Gift[]> {
    return ids.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [{ ...row }] : [];
    });
  }

  async pageReceived(registryId: string, query: GiftListQuery): Promise<Pick<GiftListPage, 'gifts' | 'matching' | 'giftCount'>> {
    const { gifts, matching, giftCount } = giftListPage(
      await this.listByRegistry(registryId),
      query,
      await this.offlineGifts.listByRegistry(registryId),
    );
    return { gifts, matching, giftCount };
  }

  async pageContributors(registryId: string, query: ContributorsQuery): Promise<ContributorsPageRows> {
    const [online, byHand] = [await this.listByRegistry(registryId), await this.offlineGifts.listByRegistry(registryId)];
    const notes = await this.thankYouNotes.listByGiftIds([...online, ...byHand].map((gift) => gift.id));
    return contributorsPage(online, byHand, notes, query);
  }

  deleteByRegistry(registryId: string): void {
    for (const [id, row] of this.rows) if (row.registryId === registryId) this.rows.delete(id);
  }
}
