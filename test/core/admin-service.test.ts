import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { aCharity } from '../support/builders';
import { adminWorld } from '../support/admin-world';

const details = {
  legalName: 'Chai Lifeline, Inc.',
  country: 'US',
  taxId: '112345678',
  address: '151 West 30th Street\nNew York, NY 10001',
  agreementDate: '2026-11-01',
};

describe('the administrators’ use cases, built once', () => {
  it('take the acting user on each call: to anyone but an administrator they do not exist, and change nothing', async () => {
    const { repositories, admin, administrator, family } = await adminWorld({
      clock: new FixedClock(new Date('2026-12-01T12:00:00.000Z')),
    });
    const charity = await repositories.charities.create(aCharity());

    for (const caller of [null, family]) {
      await expect(admin.updateCharity(caller, charity.id, details)).rejects.toMatchObject({ code: 'admin.required' });
      await expect(admin.listCharities(caller)).rejects.toMatchObject({ code: 'admin.required' });
      await expect(admin.financeReport(caller, {})).rejects.toMatchObject({ code: 'admin.required' });
      await expect(admin.lookUpGifts(caller, { registry: 'anything' })).rejects.toMatchObject({ code: 'admin.required' });
    }
    expect((await repositories.charities.findById(charity.id))?.details).toBeNull();

    const recorded = await admin.updateCharity(administrator, charity.id, details);
    expect(recorded.details).toMatchObject({ legalName: 'Chai Lifeline, Inc.', taxId: '11-2345678' });
    expect(await admin.findCharity(administrator, charity.id)).toMatchObject({ details: { legalName: 'Chai Lifeline, Inc.' } });
    await expect(admin.findCharity(administrator, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'charity.not_found',
    });
  });
});
