import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { changeCurrencySchema, createRegistrySchema, editRegistrySchema, parseCelebrationDate } from '@core/registry/registry-schemas';

async function messages(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

const valid = {
  childName: 'Noah',
  celebrationDate: '2026-03-14T00:00:00.000Z',
  currency: 'USD',
  personalMessage: '',
  photoUrl: null,
  preferredCharityId: '',
  allowCharityChoice: true,
};

describe('registry schemas (shared by the form and the server)', () => {
  it('names the two required fields as the spec writes them', async () => {
    expect(await messages(createRegistrySchema.validate({}, { abortEarly: false }))).toEqual([
      "Child's name is required",
      'Celebration date is required',
    ]);
    expect(await messages(editRegistrySchema.validate({ childName: '  ', celebrationDate: '' }, { abortEarly: false }))).toEqual([
      "Child's name is required",
      'Celebration date is required',
    ]);
  });

  it("casts the form's yyyy-mm-dd to an ISO string, and defaults the currency to USD, the registry to listed, the celebration to unsaid and the Torah readings to the diaspora's", () => {
    const cast = createRegistrySchema.cast({ childName: ' Noah ', celebrationDate: '2026-03-14' });
    expect(cast).toEqual({
      ...valid,
      celebrationDate: '2026-03-14T00:00:00.000Z',
      unlisted: false,
      celebrationType: 'unspecified',
      hebrewCalendar: 'diaspora',
    });
  });

  it('refuses dates that do not exist, zone-less date-times and far-off years', async () => {
    for (const celebrationDate of ['2026-02-30', '2026-03-14T10:00', '0202-03-14', 'next spring']) {
      expect(await messages(createRegistrySchema.validate({ ...valid, celebrationDate }))).toEqual([
        'Celebration date must be a valid date',
      ]);
    }
    expect(parseCelebrationDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('accepts only USD and CAD', async () => {
    expect(await messages(createRegistrySchema.validate({ ...valid, currency: 'EUR' }))).toEqual(['Currency must be USD or CAD']);
    expect(await messages(changeCurrencySchema.validate({ currency: 'CAD' }))).toEqual([]);
    expect(await messages(changeCurrencySchema.validate({}))).toEqual(['Currency is required']);
  });

  it('needs a charity when guests may not choose', async () => {
    expect(await messages(createRegistrySchema.validate({ ...valid, allowCharityChoice: false }))).toEqual(['Please choose a charity']);
    expect(await messages(createRegistrySchema.validate({ ...valid, allowCharityChoice: false, preferredCharityId: 'c-1' }))).toEqual([]);
  });

  it('bounds the name and the message', async () => {
    expect(await messages(createRegistrySchema.validate({ ...valid, childName: 'x'.repeat(101) }))).toEqual([
      "Child's name must be at most 100 characters",
    ]);
    expect(await messages(createRegistrySchema.validate({ ...valid, personalMessage: 'x'.repeat(2001) }))).toEqual([
      'Personal message must be at most 2000 characters',
    ]);
  });

  it('reads an empty photo URL as no photo', () => {
    expect(editRegistrySchema.cast({ childName: 'Noah', celebrationDate: '2026-03-14', photoUrl: '' }).photoUrl).toBeNull();
  });
});
