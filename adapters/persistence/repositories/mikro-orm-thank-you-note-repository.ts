import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import type { NoteContent, ThankedGiftRef, ThankYouNoteRepository } from '@core/ports/thank-you-note-repository';
import type { ThankYouNote } from '@core/model/thank-you-note';
import { ThankYouNoteEntity, type ThankYouNoteRow } from '../entities/thank-you-note-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toNote({ giftId, offlineGiftId, ...row }: ThankYouNoteRow): ThankYouNote {
  return {
    ...row,
    giftId: (giftId ?? offlineGiftId)!,
    byHand: giftId == null,
    imageUrls: [...(row.imageUrls ?? [])],
    sentAt: row.sentAt ?? null,
    sendTo: row.sendTo ?? null,
    notDeliveredAt: row.notDeliveredAt ?? null,
  };
}

/** Either column may hold the gift's id; ids are uuids from one generator, so they never clash. */
function ofGifts(ids: string[]) {
  return { $or: [{ giftId: { $in: ids } }, { offlineGiftId: { $in: ids } }] };
}

export class MikroOrmThankYouNoteRepository implements ThankYouNoteRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async findById(id: string): Promise<ThankYouNote | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(ThankYouNoteEntity, { id });
    return row ? toNote(row) : null;
  }

  async findByGiftId(giftId: string): Promise<ThankYouNote | null> {
    if (!isUuid(giftId)) return null;
    const row = await this.em().findOne(ThankYouNoteEntity, ofGifts([giftId]));
    return row ? toNote(row) : null;
  }

  async listByGiftIds(giftIds: string[]): Promise<ThankYouNote[]> {
    const ids = giftIds.filter(isUuid);
    if (ids.length === 0) return [];
    return (await this.em().find(ThankYouNoteEntity, ofGifts(ids))).map(toNote);
  }

  async save(gift: ThankedGiftRef, content: NoteContent): Promise<ThankYouNote> {
    const em = this.em();
    const now = new Date();
    const key = gift.byHand ? 'offlineGiftId' : 'giftId';
    // One statement, so two saves at once still leave one note per gift.
    const row = await em.upsert(
      ThankYouNoteEntity,
      {
        giftId: gift.byHand ? null : gift.id,
        offlineGiftId: gift.byHand ? gift.id : null,
        ...content,
        status: 'draft',
        sentAt: null,
        sendTo: null,
        notDeliveredAt: null,
        createdAt: now,
        updatedAt: now,
      } as ThankYouNoteRow,
      { onConflictFields: [key], onConflictMergeFields: ['templateId', 'customMessage', 'imageUrls', 'imageSize', 'updatedAt'] },
    );
    return toNote(row);
  }

  async markSent(id: string, sentAt: Date, sendTo?: string): Promise<ThankYouNote> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(ThankYouNoteEntity, { id }) : null;
    if (!row) throw new DomainError('note.not_found', 'Thank-you note not found');
    row.status = 'sent';
    row.sentAt = sentAt;
    row.notDeliveredAt = null;
    if (sendTo !== undefined) row.sendTo = sendTo;
    row.updatedAt = sentAt;
    await em.flush();
    return toNote(row);
  }
}
