import { describe, expect, it } from 'vitest';
import { isCalendarDay, latestOfflineGiftDay, offlineGiftSchema } from '@core/offline-gift/offline-gift-schemas';

const now = new Date('2027-05-16T23:30:00.000Z');
const valid = { giftGiverName: 'Uncle Ben', giftGiverEmail: '', amount: 18_000, method: 'cash', receivedOn: '2027-05-16', note: '' };

describe('the rules of a gift given by hand (the owner’s dialog and the server alike)', () => {
  it('reads an empty e-mail and an empty note as none', async () => {
    expect(await offlineGiftSchema(now).validate(valid)).toMatchObject({ giftGiverEmail: null, note: null });
  });

  it('allows tomorrow in UTC, for a family ahead of UTC, and nothing later', async () => {
    expect(latestOfflineGiftDay(now)).toBe('2027-05-17');
    await expect(offlineGiftSchema(now).validate({ ...valid, receivedOn: '2027-05-17' })).resolves.toBeTruthy();
    await expect(offlineGiftSchema(now).validate({ ...valid, receivedOn: '2027-05-18' })).rejects.toThrow(
      'The date cannot be in the future',
    );
  });

  it('knows real calendar days from look-alikes', () => {
    expect(['2027-02-28', '2028-02-29', '2000-01-01'].every(isCalendarDay)).toBe(true);
    expect(['2027-02-29', '2027-13-01', '27-05-16', '2027-05-16T00:00:00Z', ''].some(isCalendarDay)).toBe(false);
  });
});
