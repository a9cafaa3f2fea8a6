import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import type { CharityDetails } from '@core/model/charity';
import { updateCharityDetails } from '@core/charity/charity-details';
import { formattedTaxId } from '@core/charity/tax-id';
import { isDomainError } from '@core/errors';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { receiptDay } from '@core/receipt/receipt-day';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';

const DETAILS: CharityDetails = {
  legalName: 'Chai Lifeline, Inc.',
  country: 'US',
  taxId: '11-2345678',
  address: '151 West 30th Street\nNew York, NY 10001',
  agreementDate: '2026-11-01',
};
const nineDigits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map((digits) => digits.join(''));

describe('tax ids', () => {
  it('stores any nine-digit EIN as NN-NNNNNNN, however it was typed, and reads its own form back unchanged', () => {
    fc.assert(
      fc.property(nineDigits, fc.boolean(), (digits, dashed) => {
        const typed = dashed ? `${digits.slice(0, 2)}-${digits.slice(2)}` : ` ${digits} `;
        const stored = formattedTaxId('US', typed)!;
        expect(stored).toBe(`${digits.slice(0, 2)}-${digits.slice(2)}`);
        expect(formattedTaxId('US', stored)).toBe(stored);
      }),
    );
  });

  it('stores a Canadian registration number without its spaces, and refuses anything but 9 digits, RR and 4 digits', () => {
    expect(formattedTaxId('CA', '123456789 rr 0001')).toBe('123456789RR0001');
    for (const bad of ['123456789RC0001', '12345678RR0001', '123456789RR001', '12-3456789']) expect(formattedTaxId('CA', bad)).toBeNull();
    for (const bad of ['1234567', '1234567890', '123-456789', '12-345678a']) expect(formattedTaxId('US', bad)).toBeNull();
  });

  it('changes nothing when any field is bad', async () => {
    const repositories = createInMemoryRepositories();
    const charity = await repositories.charities.create(aCharity());
    const error = await updateCharityDetails(
      charity.id,
      { ...DETAILS, taxId: '123' },
      { charities: repositories.charities, today: '2026-12-02' },
    ).catch((caught: unknown) => caught);
    expect(isDomainError(error) && error.fields?.taxId).toBe('A US tax id is an EIN of 9 digits, written 12-3456789');
    expect((await repositories.charities.findById(charity.id))?.details).toBeNull();
  });
});

describe('receipts', () => {
  it('are the day of the payment in US Eastern time: a late evening on New Year’s Eve is still the old year', () => {
    expect(receiptDay(new Date('2027-01-01T04:30:00Z'))).toBe('2026-12-31');
    expect(receiptDay(new Date('2027-01-01T05:30:00Z'))).toBe('2027-01-01');
  });

  it('are issued for gifts over $200 to a charity with details, for the charity’s 10% exactly, numbered one after another', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (amounts, withDetails) => {
          const repositories = createInMemoryRepositories();
          const user = await repositories.users.create(aNewUser());
          const charity = await repositories.charities.create(aCharity({ details: withDetails ? DETAILS : null }));
          const registry = await repositories.registries.create(aNewRegistry(user.id));
          const ports = {
            unitOfWork: repositories,
            gifts: repositories.gifts,
            gateway: new InMemoryPaymentGateway(),
            rates: DEFAULT_PROCESSING_RATES,
            appUrl: 'https://gifts.example.org',
            supportEmail: 'help@gifts.example.org',
            clock: new FixedClock(new Date('2026-12-02T15:00:00Z')),
          };
          const gifts = [];
          for (const amount of amounts) {
            const { gift } = await startGift(
              {
                registryId: registry.id,
                charityId: charity.id,
                giftGiverName: 'Miriam',
                giftGiverEmail: 'miriam@example.com',
                amount,
                personalMessage: '',
              },
              ports,
            );
            await recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, ports);
            gifts.push(gift);
          }
          const receipts = await repositories.receipts.listByGiftIds(gifts.map((gift) => gift.id));
          const qualifying = withDetails ? gifts.filter((gift) => gift.amount > 20_000) : [];
          expect(receipts.map((receipt) => receipt.giftId).sort()).toEqual(qualifying.map((gift) => gift.id).sort());
          for (const receipt of receipts) expect(receipt.amount).toBe(gifts.find((gift) => gift.id === receipt.giftId)!.charityAmount);
          expect(receipts.map((receipt) => receipt.number).sort()).toEqual(
            qualifying.map((_, index) => `MG-2026-${String(index + 1).padStart(6, '0')}`),
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});
