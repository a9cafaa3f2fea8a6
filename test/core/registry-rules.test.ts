import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { celebrationDay } from '@core/registry/celebration-date';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, isShortCode, makeShortCode } from '@core/registry/short-code';
import { requireNothingReceived, requireUnsettled } from '@core/access/registry-access';
import type { Registry } from '@core/model/registry';

describe('short codes', () => {
  it('are eight characters from an alphabet without look-alikes, whatever the random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ minLength: 16, maxLength: 16 }), (first, second) => {
        const batches = [first, second, new Uint8Array(16).fill(7)];
        const code = makeShortCode(() => batches.shift() ?? new Uint8Array(16).fill(9));
        expect(code).toHaveLength(SHORT_CODE_LENGTH);
        expect(isShortCode(code)).toBe(true);
        expect(code).not.toMatch(/[01ilo]/);
      }),
    );
  });

  it('skip the bytes that would favour the first letters', () => {
    // 248 = 8 × 31: bytes from 248 up would fold onto the first eight letters.
    const code = makeShortCode(() => Uint8Array.from([255, 250, 248, ...Array.from({ length: 13 }, (_, i) => i)]));
    expect(code).toBe(SHORT_CODE_ALPHABET.slice(0, 8));
  });

  it('reject anything else as a short code', () => {
    for (const bad of ['', 'abcdefgh2', 'ABCD2345', 'abc0', 'abcl', '../etc']) expect(isShortCode(bad)).toBe(false);
  });
});

describe('celebration dates', () => {
  it('keep the calendar day as written, at midnight UTC', () => {
    expect(celebrationDay('2027-05-16').toISOString()).toBe('2027-05-16T00:00:00.000Z');
    expect(celebrationDay('2027-05-16T00:00:00.000Z').toISOString()).toBe('2027-05-16T00:00:00.000Z');
  });

  it.each(['2027-02-30', '16/05/2027', 'soon', '2027-05-16T10:00'])('refuse %j', (text) => {
    expect(() => celebrationDay(text)).toThrow(expect.objectContaining({ code: 'validation.failed' }));
  });
});

describe('settled registries', () => {
  const open = { status: 'open' } as Registry;
  it('allow currency changes and deletion only while open and without paid gifts', () => {
    expect(() => requireUnsettled(open, new Set(), 'delete the registry')).not.toThrow();
    expect(() => requireUnsettled(open, new Set(['succeeded', 'failed'] as const), 'delete the registry')).toThrow(
      expect.objectContaining({ code: 'registry.has_gifts' }),
    );
    for (const status of ['closed', 'payout_sent'] as const) {
      expect(() => requireUnsettled({ status } as Registry, new Set(), 'change the currency')).toThrow(
        expect.objectContaining({ code: 'registry.closed' }),
      );
    }
  });

  it('are held by a refund under way and by a payment the provider could not yet give up, never by a refunded gift', () => {
    const usd = { status: 'open', currency: 'USD' } as Registry;
    for (const action of ['delete the registry', 'change the currency'] as const) {
      expect(() => requireUnsettled(usd, new Set(['refunding'] as const), action)).toThrow(
        expect.objectContaining({ code: 'registry.has_gifts' }),
      );
      expect(() => requireUnsettled(usd, new Set(['pending'] as const), action)).toThrow(
        expect.objectContaining({ code: 'registry.payment_under_way' }),
      );
      expect(() => requireUnsettled(usd, new Set(['failed', 'expired'] as const), action)).not.toThrow();
    }
    expect(() => requireUnsettled(usd, new Set(['refunded'] as const), 'delete the registry')).not.toThrow();
    expect(() => requireUnsettled(usd, new Set(['refunded', 'expired'] as const), 'change the currency')).not.toThrow();
  });

  it('refuse before a payment under way is given up for what no outcome of it changes: closed, or money received', () => {
    const usd = { status: 'open', currency: 'USD' } as Registry;
    expect(() => requireNothingReceived(usd, new Set(['pending'] as const), 'change the currency')).not.toThrow();
    expect(() => requireNothingReceived(usd, new Set(['pending', 'succeeded'] as const), 'change the currency')).toThrow(
      expect.objectContaining({ code: 'registry.has_gifts' }),
    );
    expect(() => requireNothingReceived({ status: 'closed' } as Registry, new Set(['pending'] as const), 'delete the registry')).toThrow(
      expect.objectContaining({ code: 'registry.closed' }),
    );
  });
});

describe('names that go into e-mail subjects', () => {
  it('may not carry line breaks or control characters', async () => {
    const { createRegistrySchema } = await import('@core/registry/registry-schemas');
    const { giftSchema } = await import('@core/gift/gift-schemas');
    const base = { childName: 'Sarah', celebrationDate: '2027-05-16' };
    await expect(createRegistrySchema.validate({ ...base, childName: 'Sarah\r\nBcc: x@example.com' })).rejects.toThrow(
      'cannot contain line breaks',
    );
    await expect(createRegistrySchema.validate(base)).resolves.toBeTruthy();
    const gift = { registryId: 'r', charityId: 'c', giftGiverName: 'Dan', giftGiverEmail: 'dan@example.com', amount: 3_600 };
    await expect(giftSchema.validate({ ...gift, giftGiverName: 'Dan\nBcc: x@example.com' })).rejects.toThrow('cannot contain line breaks');
    await expect(giftSchema.validate({ ...gift, giftGiverName: 'Dan\u0000' })).rejects.toThrow('cannot contain line breaks');
    await expect(giftSchema.validate(gift)).resolves.toBeTruthy();
  });
});
