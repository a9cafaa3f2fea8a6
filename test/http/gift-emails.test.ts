import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCoOwner } from '../support/accounts';
import { openRegistry } from '../support/registries';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charity: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  charity = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[])[0]!;
});
afterAll(async () => {
  await server?.close();
});

function outbox(): { file: string; text: string }[] {
  const folder = path.join(server.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => ({ file, text: readFileSync(path.join(folder, file), 'utf8') }));
}

/** The message's text part as a reader would see it (quoted-printable or base64 undone). */
function decoded(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...eml.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return Buffer.from(unfolded, 'latin1').toString('utf8') + base64Parts.join('\n');
}

async function give(amount: number, name: string) {
  const { owner, registry } = await openRegistry(server, { childName: 'Eli Stern' }, { firstName: 'Rachel' });
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId: registry.id,
    charityId: charity.id,
    giftGiverName: name,
    giftGiverEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    amount,
    personalMessage: 'Mazel tov, <b>Eli</b>!',
  });
  const confirm = () => guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
  return { owner, registry, confirm };
}

describe('the e-mails a gift sets off', () => {
  it('sends the giver a receipt and the family a notice, once each however often the payment is reported', async () => {
    const before = outbox().length;
    const { confirm, owner } = await give(250, 'Miriam Gold');
    await Promise.all([confirm(), confirm(), confirm()]);
    await server.mailWorker.drainOnce();
    await server.mailWorker.drainOnce();
    const sent = outbox()
      .slice(before)
      .map((message) => decoded(message.text));
    expect(sent).toHaveLength(2);

    const receipt = sent.find((text) => /To: miriam@example\.com/.test(text))!;
    expect(receipt).toContain("Your gift to Eli Stern's Bar/Bat Mitzvah: receipt");
    for (const line of [
      'Your gift: $250.00',
      'To the family (90%): $225.00',
      `To ${charity.name} (10%): $25.00`,
      'Platform fee (flat): $3.00',
      'Total charged: $',
    ]) {
      expect(receipt).toContain(line);
    }
    // The seeded charity has no details on file: it sends its own receipt, and we promise none.
    expect(receipt).toContain(`This e-mail is not a tax receipt: ${charity.name} will send its own receipt for it.`);
    // A giver's question reaches support, not the no-reply sender.
    expect(receipt).toContain('Reply-To: support@mitzvahgifts.test');

    const notice = sent.find((text) => text.includes(`To: ${owner.registration.email}`))!;
    expect(notice).toContain('New gift from Miriam Gold');
    expect(notice).toContain('Mazel tov, <b>Eli</b>!');
    expect(notice).toContain('Mazel tov, &#60;b&#62;Eli&#60;/b&#62;!');
    expect(notice).toMatch(/\/registry\/[0-9a-f-]{36}/);
    expect(notice).toContain('Reply-To: support@mitzvahgifts.test');
  });

  it('tells each co-owner of the gift too', async () => {
    const before = outbox().length;
    const { confirm, registry } = await give(36, 'Dov Adler');
    const coOwner = await signedInCoOwner(server, registry.id);
    await confirm();
    await server.mailWorker.drainOnce();
    const sent = outbox()
      .slice(before)
      .map((message) => decoded(message.text));
    expect(sent).toHaveLength(3);
    expect(sent.find((text) => text.includes(`To: ${coOwner.registration.email}`))).toContain('New gift from Dov Adler');
  });

  it('leaves the tax statement out at $200 and below', async () => {
    const before = outbox().length;
    const { confirm } = await give(200, 'Noam Katz');
    await confirm();
    await server.mailWorker.drainOnce();
    const receipt = outbox()
      .slice(before)
      .map((message) => decoded(message.text))
      .find((text) => text.includes('To: noam@example.com'))!;
    expect(receipt).toContain('Your gift: $200.00');
    expect(receipt).not.toContain('tax receipt');
  });

  it('sends nothing for a declined card', async () => {
    const before = outbox().length;
    const { registry } = await openRegistry(server, { childName: 'Ari' });
    const guest = new HttpClient(server.url);
    const intent = await guest.post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId: charity.id,
      giftGiverName: 'Dan',
      giftGiverEmail: 'dan@example.com',
      amount: 36,
      personalMessage: '',
    });
    expect(
      (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4000000000000002' })).status,
    ).toBe(402);
    await server.mailWorker.drainOnce();
    expect(outbox().length).toBe(before);
  });
});
