import { DomainError } from '@core/errors';
import type { NoteContent, ThankedGiftRef, ThankYouNoteRepository } from '@core/ports/thank-you-note-repository';
import type { ThankYouNote } from '@core/model/thank-you-note';

export class InMemoryThankYouNoteRepository implements ThankYouNoteRepository {
  rows = new Map<string, ThankYouNote>();

  async findById(id: string): Promise<ThankYouNote | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByGiftId(giftId: string): Promise<ThankYouNote | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.giftId === giftId);
    return row ? structuredClone(row) : null;
  }

  async listByGiftIds(giftIds: string[]): Promise<ThankYouNote[]> {
    return [...this.rows.values()].filter((row) => giftIds.includes(row.giftId)).map((row) => structuredClone(row));
  }

  async save(gift: ThankedGiftRef, content: NoteContent): Promise<ThankYouNote> {
    const now = new Date();
    const existing = [...this.rows.values()].find((row) => row.giftId === gift.id);
    const row: ThankYouNote = existing
      ? { ...existing, ...content, imageUrls: [...content.imageUrls], updatedAt: now }
      : {
          id: crypto.randomUUID(),
          giftId: gift.id,
          byHand: gift.byHand,
          ...content,
          imageUrls: [...content.imageUrls],
          status: 'draft',
          sentAt: null,
          sendTo: null,
          notDeliveredAt: null,
          createdAt: now,
          updatedAt: now,
        };
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async markSent(id: string, sentAt: Date, sendTo?: string): Promise<ThankYouNote> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('note.not_found', 'Thank-you note not found');
    const updated = {
      ...row,
      status: 'sent' as const,
      sentAt,
      notDeliveredAt: null,
      ...(sendTo === undefined ? {} : { sendTo }),
      updatedAt: sentAt,
    };
    this.rows.set(id, updated);
    return structuredClone(updated);
  }

  /** Notes go with their gift, as the database's cascade does. */
  deleteByGiftIds(giftIds: string[]): void {
    for (const [id, row] of this.rows) if (giftIds.includes(row.giftId)) this.rows.delete(id);
  }
}
