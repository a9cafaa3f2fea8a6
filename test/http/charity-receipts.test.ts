import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';
import { deliveredMail } from '../adapters/mail/parse-eml';

let server: TestServer;
let admin: HttpClient;
let charities: { id: string; name: string }[];

const US = {
  legalName: 'Chai Lifeline, Inc.',
  country: 'US',
  taxId: '112345678',
  address: '151 West 30th Street\nNew York, NY 10001',
  agreementDate: '2026-11-01',
};
const CA = {
  legalName: 'Canadian Friends of Hillel',
  country: 'CA',
  taxId: '123456789 RR 0001',
  address: '100 Bloor St W\nToronto ON M5S 1M4',
  agreementDate: '2026-10-15',
};

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedIn(server, { admin: true })).client;
  charities = (await admin.get('/api/charities')).json as unknown as { id: string; name: string }[];
});
afterAll(async () => {
  await server?.close();
});

const delivered = () => deliveredMail(server.dataDir);

async function give(registryId: string, charityId: string, amount: number, giftGiverEmail: string, shareEmailWithCharity = false) {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: 'Miriam Gold',
    giftGiverEmail,
    amount,
    personalMessage: '',
    shareEmailWithCharity,
  });
  expect(intent.status, intent.text).toBe(201);
  const confirm = () => guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
  return { confirm };
}

async function receiptTo(address: string) {
  await server.mailWorker.drainOnce();
  return (await delivered()).filter((mail) => mail.to === address && mail.subject.endsWith(': receipt'));
}

describe("an administrator records a charity's details", () => {
  it('lists every charity with what is missing, and refuses bad tax ids with a clear message, changing nothing', async () => {
    const target = charities[0]!;
    const listed = (await admin.get('/api/admin/charities')).json as unknown as { id: string; details: unknown; receiptsIssued: boolean }[];
    expect(listed.find((charity) => charity.id === target.id)).toMatchObject({ details: null, receiptsIssued: false });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...US, taxId: '12-34567' }, 'taxId', 'A US tax id is an EIN of 9 digits, written 12-3456789'],
      [{ ...US, country: 'CA' }, 'taxId', 'A Canadian registration number is 9 digits, RR and 4 digits, written 123456789RR0001'],
      [{ ...US, country: 'FR' }, 'country', 'Country must be US or CA'],
      [{ ...US, legalName: '' }, 'legalName', 'Legal name is required'],
      [{ ...US, agreementDate: '2026-02-30' }, 'agreementDate', 'Agreement date must be a date written YYYY-MM-DD'],
      [{ ...US, agreementDate: '2999-01-01' }, 'agreementDate', 'Agreement date cannot be in the future'],
      [{ ...US, address: 'Line\u0007' }, 'address', 'Cannot contain control characters'],
      [{ ...US, isActive: false }, 'isActive', 'Unknown field'],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await admin.call('PATCH', `/api/admin/charities/${target.id}`, body);
      expect(refused.status, refused.text).toBe(400);
      expect((refused.json.errors as Record<string, string>)[field]).toBe(message);
    }
    expect((await admin.get(`/api/admin/charities/${target.id}`)).json).toMatchObject({ details: null, receiptsIssued: false });

    expect((await admin.call('PATCH', '/api/admin/charities/00000000-0000-4000-8000-000000000000', US)).status).toBe(404);
    expect((await admin.call('PATCH', '/api/admin/charities/nope', US)).status).toBe(404);
  });

  it('stores a US EIN and a Canadian registration number formatted', async () => {
    const us = await admin.call('PATCH', `/api/admin/charities/${charities[1]!.id}`, US);
    expect(us.status, us.text).toBe(200);
    expect(us.json).toMatchObject({ receiptsIssued: true, details: { ...US, taxId: '11-2345678' } });
    const ca = await admin.call('PATCH', `/api/admin/charities/${charities[2]!.id}`, CA);
    expect(ca.json).toMatchObject({ receiptsIssued: true, details: { ...CA, taxId: '123456789RR0001' } });
  });

  it('is for administrators alone: everyone else gets 404 and changes nothing', async () => {
    const family = (await signedIn(server)).client;
    for (const client of [family, new HttpClient(server.url)]) {
      expect((await client.get('/api/admin/charities')).status).toBe(404);
      expect((await client.get(`/api/admin/charities/${charities[3]!.id}`)).status).toBe(404);
      expect((await client.call('PATCH', `/api/admin/charities/${charities[3]!.id}`, US)).status).toBe(404);
    }
    expect((await admin.get(`/api/admin/charities/${charities[3]!.id}`)).json).toMatchObject({ details: null });
  });
});

describe('the receipt a giver gets, as delivered', () => {
  it('is the written acknowledgment for a US charity, the acknowledgment that is not an official receipt for a Canadian one, and no promise without details', async () => {
    await admin.call('PATCH', `/api/admin/charities/${charities[1]!.id}`, US);
    await admin.call('PATCH', `/api/admin/charities/${charities[2]!.id}`, CA);
    const { registry } = await openRegistry(server, { childName: 'Noa Levi' });
    const tag = registry.id.slice(0, 8);
    const us = `us.${tag}@example.org`;
    const ca = `ca.${tag}@example.org`;
    const none = `none.${tag}@example.org`;
    // The browser's confirmation and the provider's report racing: one receipt, one number.
    const paying = await give(registry.id, charities[1]!.id, 250, us);
    await Promise.all([paying.confirm(), paying.confirm()]);
    await (await give(registry.id, charities[2]!.id, 300, ca)).confirm();
    await (await give(registry.id, charities[4]!.id, 250, none)).confirm();

    const [usMail, ...again] = await receiptTo(us);
    expect(again).toHaveLength(0);
    const number = /Receipt number: (MG-\d{4}-\d{6})/.exec(usMail!.text)?.[1];
    expect(number).toMatch(/^MG-20\d\d-\d{6}$/);
    for (const line of [
      'Charity: Chai Lifeline, Inc.',
      'EIN: 11-2345678',
      'Charity address: 151 West 30th Street, New York, NY 10001',
      'Donor: Miriam Gold',
      'Amount of donation: $25.00',
      "Mitzvah Gifts collected $25.00, the 10% of your gift that goes to Chai Lifeline, Inc., as Chai Lifeline, Inc.'s agent",
      'No goods or services were received in exchange for this donation.',
      "the family's 90% ($225.00) and the fees",
      'are not tax-deductible',
      'This is your written acknowledgment of the donation from Chai Lifeline, Inc. (EIN 11-2345678)',
    ]) {
      expect(usMail!.text).toContain(line);
    }
    expect(usMail!.html).toContain(number);

    const [caMail] = await receiptTo(ca);
    expect(caMail!.text).toContain('Registration number: 123456789RR0001');
    expect(caMail!.text).toContain(
      'This is not an official receipt for income tax purposes; Canadian Friends of Hillel will issue your official receipt.',
    );
    const caNumber = /Receipt number: (MG-\d{4}-\d{6})/.exec(caMail!.text)?.[1];
    expect(caNumber).not.toBe(number);

    const [noneMail] = await receiptTo(none);
    expect(noneMail!.text).toContain(`This e-mail is not a tax receipt: ${charities[4]!.name} will send its own receipt for it.`);
    expect(noneMail!.text).not.toMatch(/MG-\d{4}/);
  });

  it('is voided when the gift is refunded, and the giver is told its number', async () => {
    await admin.call('PATCH', `/api/admin/charities/${charities[1]!.id}`, US);
    const { owner, registry } = await openRegistry(server, { childName: 'Ari Katz' });
    const giver = `refund.${registry.id.slice(0, 8)}@example.org`;
    await (await give(registry.id, charities[1]!.id, 500, giver)).confirm();
    const [receipt] = await receiptTo(giver);
    const number = /Receipt number: (MG-\d{4}-\d{6})/.exec(receipt!.text)![1]!;
    const [gift] = (await owner.client.get(`/api/registries/${registry.id}/gifts`)).json as unknown as { id: string }[];
    expect((await owner.client.post(`/api/gifts/${gift!.id}/refund`, { reason: 'Given twice' })).status).toBe(200);
    await server.mailWorker.drainOnce();
    const voids = (await delivered()).filter((mail) => mail.to === giver && mail.subject === `Receipt ${number} is void`);
    expect(voids).toHaveLength(1);
    expect(voids[0]!.text).toContain(`Receipt ${number} of `);
    expect(voids[0]!.text).toContain('for $50.00, is void: please do not use it for your taxes.');
  });
});

describe("a charity payout's donor list", () => {
  it('names each donor with the receipt, the e-mail only where the giver agreed, voided receipts as void; as JSON and CSV', async () => {
    const charity = charities[5]!;
    await admin.call('PATCH', `/api/admin/charities/${charity.id}`, US);
    const { owner, registry } = await openRegistry(server, { childName: 'Dina Roth' });
    const tag = registry.id.slice(0, 8);
    await (await give(registry.id, charity.id, 250, `shared.${tag}@example.org`, true)).confirm();
    await (await give(registry.id, charity.id, 50, `private.${tag}@example.org`)).confirm();
    await (await give(registry.id, charity.id, 400, `refunded.${tag}@example.org`, true)).confirm();
    const gifts = (await owner.client.get(`/api/registries/${registry.id}/gifts`)).json as unknown as {
      id: string;
      giftGiverEmail: string;
    }[];
    const refunded = gifts.find((gift) => gift.giftGiverEmail.startsWith('refunded.'))!;
    expect((await owner.client.post(`/api/gifts/${refunded.id}/refund`, { reason: 'Wrong registry' })).status).toBe(200);
    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    const payouts = (await admin.get('/api/admin/charity-payouts')).json as unknown as {
      id: string;
      registryIds: string[];
      charityId: string;
    }[];
    const payout = payouts.find((one) => one.registryIds.includes(registry.id) && one.charityId === charity.id)!;

    const listed = await admin.get(`/api/admin/charity-payouts/${payout.id}/donors`);
    expect(listed.status, listed.text).toBe(200);
    const donors = (
      listed.json.donors as { receiptNumber: string | null; giverEmail: string | null; amount: number; status: string }[]
    ).filter((donor) => donor.amount > 0);
    expect(donors).toHaveLength(3);
    expect(donors).toContainEqual(
      expect.objectContaining({
        giverName: 'Miriam Gold',
        giverEmail: `shared.${tag}@example.org`,
        amount: 25,
        status: 'donation',
        receiptNumber: expect.stringMatching(/^MG-/),
      }),
    );
    expect(donors).toContainEqual(expect.objectContaining({ giverEmail: null, amount: 5, status: 'donation', receiptNumber: null }));
    expect(donors).toContainEqual(
      expect.objectContaining({ giverEmail: null, amount: 40, status: 'void', receiptNumber: expect.stringMatching(/^MG-/) }),
    );

    for (const csvPath of [
      `/api/admin/charity-payouts/${payout.id}/donors.csv`,
      `/api/admin/charity-payouts/${payout.id}/donors?format=csv`,
    ]) {
      const csv = await admin.download('GET', csvPath);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('cache-control')).toBe('private, no-store');
      const lines = new TextDecoder().decode(csv.bytes).trimEnd().split('\r\n');
      expect(lines[0]).toBe('Receipt number,Giver name,Giver e-mail,Amount,Currency,Date,Status');
      expect(lines).toHaveLength(4);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^MG-\\d{4}-\\d{6},Miriam Gold,shared\\.${tag}@example\\.org,25\\.00,USD,\\d{4}-\\d{2}-\\d{2},donation$`),
        ),
      );
      expect(lines).toContainEqual(expect.stringMatching(/^MG-\d{4}-\d{6},Miriam Gold,,40\.00,USD,\d{4}-\d{2}-\d{2},void$/));
    }

    // The guests' purge drops the shared e-mail; a deletion redacts the gifts' names, never the receipts'.
    const { personalData } = server.infrastructure.repositories;
    await personalData.purgeGuestData(registry.id, new Date());
    await personalData.redactRegistry(registry.id, new Date());
    const after = (await admin.get(`/api/admin/charity-payouts/${payout.id}/donors`)).json.donors as {
      receiptNumber: string | null;
      giverName: string;
      giverEmail: string | null;
    }[];
    expect(after.map((donor) => donor.giverEmail)).toEqual([null, null, null]);
    expect(after.filter((donor) => donor.receiptNumber !== null).map((donor) => donor.giverName)).toEqual(['Miriam Gold', 'Miriam Gold']);
    expect(after.filter((donor) => donor.receiptNumber === null).map((donor) => donor.giverName)).toEqual(['Redacted']);

    const family = (await signedIn(server)).client;
    expect((await family.get(`/api/admin/charity-payouts/${payout.id}/donors`)).status).toBe(404);
    expect((await family.download('GET', `/api/admin/charity-payouts/${payout.id}/donors.csv`)).status).toBe(404);
    expect((await admin.get('/api/admin/charity-payouts/00000000-0000-4000-8000-000000000000/donors')).status).toBe(404);
  });
});
