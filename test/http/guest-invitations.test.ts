import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitGift } from '@core/split';
import { MAX_GUESTS_PER_REGISTRY } from '@core/model/guest';
import { INVITATION_RESENDS_PER_DAY, INVITATIONS_PER_ACCOUNT_PER_DAY } from '@core/model/invitation-settings';
import { aNewGift } from '../support/builders';
import { clientAs, signedIn, type MatrixRole } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';
import { deliveredMail } from '../adapters/mail/parse-eml';

let server: TestServer;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
/** An address no other test writes to: suppressions and the outbox are the server's, not the test's. */
const address = (name: string) => `${name}.${Date.now().toString(36)}${(counter += 1)}@example.com`;

interface Line {
  id: string;
  name: string;
  email: string;
  invitedAt: string | null;
  remindedAt: string | null;
}

async function guestList(client: HttpClient, registryId: string, query = '') {
  const response = await client.get(`/api/registries/${registryId}/guests${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as { guests: Line[]; counts: { guests: number; invited: number } };
}

async function addGuest(
  client: HttpClient,
  registryId: string,
  name: string,
  email = address(name.toLowerCase().replace(/\W/g, '')),
): Promise<Line> {
  const added = await client.post(`/api/registries/${registryId}/guests`, { name, email });
  expect(added.status, added.text).toBe(201);
  return (added.json.added as unknown as Line[])[0]!;
}

/** The guest's own link in an e-mail (/i/{token}), and its token. */
function personalLinkIn(text: string): string {
  const token = /\/i\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token, 'a personal link').toBeDefined();
  return token!;
}

async function unsubscribe(email: string) {
  await server.infrastructure.repositories.mailSuppressions.add({
    address: email,
    scope: 'guest-invitations',
    reason: 'unsubscribe',
    createdAt: new Date(),
  });
}

async function mailTo(email: string) {
  await server.mailWorker.drainOnce();
  return (await deliveredMail(server.dataDir)).filter((mail) => mail.to === email);
}

/** A registry with a family member named, and guests; the day is in the spring, far from today. */
async function familyWithGuests(names: string[]) {
  const { owner, registry } = await openRegistry(
    server,
    { childName: 'Noa Stern', celebrationType: 'bat', celebrationDate: '2027-05-15' },
    { firstName: 'Rachel' },
  );
  const guests: Line[] = [];
  for (const name of names) guests.push(await addGuest(owner.client, registry.id, name));
  return { owner, registry, guests };
}

describe('the invitation’s settings and preview', () => {
  it('starts with the reminder 7 days before, saves what the family writes, and previews it for the first guest not yet invited', async () => {
    const { owner, registry, guests } = await familyWithGuests(['Aunt Dora', 'Ben Cohen']);
    const path = `/api/registries/${registry.id}/invitations`;
    expect((await owner.client.get(`${path}/settings`)).json).toEqual({
      message: '',
      startTime: null,
      place: null,
      reminderDays: 7,
      updatedAt: null,
    });

    const draft = { message: 'Join us!\n\nKiddush <b>follows</b>.', startTime: '10:30', place: 'Temple Beth El, Toronto' };
    const previewed = await owner.client.post(`${path}/preview`, draft);
    expect(previewed.status, previewed.text).toBe(200);
    expect(previewed.json).toMatchObject({
      guestName: 'Aunt Dora',
      subject: "You’re invited to Noa Stern's Bat Mitzvah on Saturday, May 15, 2027",
      notYetInvited: 2,
    });
    const html = previewed.json.html as string;
    expect(html).toContain('Kiddush &#60;b&#62;follows&#60;/b&#62;.');
    expect(html).toContain('10:30 AM');
    expect(html).toContain(`/r/${registry.shortCode}`);
    expect(previewed.json.text as string).toContain('Hello Aunt Dora,');
    // A preview stores nothing.
    expect((await owner.client.get(`${path}/settings`)).json).toMatchObject({ message: '', updatedAt: null });

    const saved = await owner.client.call('PUT', `${path}/settings`, { ...draft, reminderDays: 14 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ ...draft, message: 'Join us!\n\nKiddush <b>follows</b>.', reminderDays: 14 });
    const fromSaved = await owner.client.get(`${path}/preview`);
    expect(fromSaved.json.text as string).toContain('Join us!');
    expect(guests).toHaveLength(2);
  });

  it('refuses a bad setting with the field’s message and keeps the settings as they were', async () => {
    const { owner, registry } = await familyWithGuests(['Aunt Dora']);
    const path = `/api/registries/${registry.id}/invitations/settings`;
    await owner.client.call('PUT', path, { message: 'Kept', reminderDays: 3 });
    const cases: [unknown, string, RegExp][] = [
      [{ message: 'x'.repeat(1001) }, 'message', /at most 1000 characters/],
      [{ message: 'a\u0007b' }, 'message', /control characters/],
      [{ startTime: '25:00' }, 'startTime', /HH:MM/],
      [{ place: 'Hall\nBcc: x@example.com' }, 'place', /line breaks/],
      [{ reminderDays: 5 }, 'reminderDays', /3, 7, 14 days/],
      [{ sendAt: 'now' }, 'sendAt', /Unknown field/],
    ];
    for (const [body, field, message] of cases) {
      for (const refused of [
        await owner.client.call('PUT', path, body),
        await owner.client.post(`/api/registries/${registry.id}/invitations/preview`, body),
      ]) {
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect((refused.json.errors as Record<string, string>)[field]).toMatch(message);
      }
    }
    expect((await owner.client.get(path)).json).toMatchObject({ message: 'Kept', reminderDays: 3 });
  });
});

describe('sending the invitations', () => {
  it('e-mails every guest not yet invited, skips the unsubscribed, marks the invited and filters by it', async () => {
    const { owner, registry, guests } = await familyWithGuests(['Aunt Dora', 'Ben Cohen', 'Gone Away']);
    const [dora, ben, gone] = guests as [Line, Line, Line];
    await unsubscribe(gone.email);
    await owner.client.call('PUT', `/api/registries/${registry.id}/invitations/settings`, {
      message: 'Please come',
      startTime: null,
      place: 'Hall; Main St, Toronto',
    });

    const sent = await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({
      queued: 2,
      skipped: 1,
      message: '2 invitations are on their way; 1 guest was skipped: unsubscribed from invitations, or their address cannot receive mail',
    });

    const list = await guestList(owner.client, registry.id);
    expect(list.counts).toMatchObject({ guests: 3, invited: 2 });
    const invited = (await guestList(owner.client, registry.id, '?invited=yes')).guests.map((guest) => guest.name);
    expect(invited).toEqual(['Aunt Dora', 'Ben Cohen']);
    expect((await guestList(owner.client, registry.id, '?invited=no')).guests.map((guest) => guest.name)).toEqual(['Gone Away']);
    expect(list.guests.find((guest) => guest.id === dora.id)!.invitedAt).not.toBeNull();
    expect(list.guests.every((guest) => guest.remindedAt === null)).toBe(true);

    const [mail] = await mailTo(ben.email);
    expect(mail).toBeDefined();
    expect(mail!.from.name).toBe('Rachel Cohen via Mitzvah Gifts');
    expect(mail!.replyTo).toBe(owner.registration.email.toLowerCase());
    expect(mail!.subject).toBe("You’re invited to Noa Stern's Bat Mitzvah on Saturday, May 15, 2027");
    expect(mail!.text).toContain('Please come');
    // The link is Ben's own: it opens his invitation, and the calendar event carries it too.
    const token = personalLinkIn(mail!.text);
    const opened = await new HttpClient(server.url).get(`/api/invitations/${token}`);
    expect(opened.status).toBe(200);
    // The page says where, as the e-mail does, and no time since the family gave none.
    expect(opened.json).toMatchObject({ startTime: null, place: 'Hall; Main St, Toronto' });
    expect(mail!.attachments?.[0]?.content.replace(/\r\n /g, '')).toContain(`/i/${token}`);
    expect(mail!.unsubscribe).toMatchObject({ oneClick: true });
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]).toMatchObject({ filename: 'invitation.ics', contentType: 'text/calendar' });
    expect(mail!.attachments![0]!.content).toContain('LOCATION:Hall\\; Main St\\, Toronto');
    expect(await mailTo(gone.email)).toEqual([]);

    // Sent again with no guest chosen: only the unsubscribed guest is left, and is skipped again.
    expect((await owner.client.post(`/api/registries/${registry.id}/invitations`, {})).json).toMatchObject({ queued: 0, skipped: 1 });
  });

  it('answers 409 when every guest was invited, and resends to the guests chosen', async () => {
    const { owner, registry, guests } = await familyWithGuests(['Aunt Dora']);
    const [dora] = guests as [Line];
    await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    const first = (await guestList(owner.client, registry.id)).guests[0]!.invitedAt;
    const again = await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/Every guest on the list has been invited/);

    const resent = await owner.client.post(`/api/registries/${registry.id}/invitations`, { guestIds: [dora.id] });
    expect(resent.json).toMatchObject({ queued: 1, skipped: 0 });
    expect((await guestList(owner.client, registry.id)).guests[0]!.invitedAt! > first!).toBe(true);
    expect(await mailTo(dora.email)).toHaveLength(2);
  });

  it('refuses ids that are not this list’s, naming none of them, and sends nothing', async () => {
    const { owner, registry } = await familyWithGuests(['Aunt Dora']);
    const other = await familyWithGuests(['Stranger Sam']);
    const path = `/api/registries/${registry.id}/invitations`;
    const theirs = other.guests[0]!.id;
    const cases: [unknown, string][] = [
      [{ guestIds: [theirs] }, 'not on this registry’s list'],
      [{ guestIds: ['not-a-uuid'] }, 'not on this registry’s list'],
      [{ guestIds: [] }, 'Choose at least one guest'],
      [{ guestIds: 'all' }, ''],
      [{ everyone: true }, 'Unknown field'],
    ];
    for (const [body, message] of cases) {
      const refused = await owner.client.post(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.message).toContain(message);
      expect(refused.text).not.toContain(theirs);
      expect(refused.text).not.toContain('Stranger');
    }
    expect((await guestList(owner.client, registry.id)).counts.invited).toBe(0);
    expect((await guestList(other.owner.client, other.registry.id)).counts.invited).toBe(0);
  });

  it('a guest who unsubscribes with the e-mail’s one click gets no invitation again', async () => {
    const { owner, registry, guests } = await familyWithGuests(['Aunt Dora']);
    const [dora] = guests as [Line];
    await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    const [mail] = await mailTo(dora.email);
    const unsubscribeUrl = new URL(mail!.unsubscribe!.url);
    const clicked = await new HttpClient(server.url).call('POST', `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, undefined);
    expect(clicked.status, clicked.text).toBe(200);
    expect(clicked.json).toMatchObject({ category: 'guest-invitations' });
    expect((await owner.client.post(`/api/registries/${registry.id}/invitations`, { guestIds: [dora.id] })).json).toMatchObject({
      queued: 0,
      skipped: 1,
    });
    expect(await mailTo(dora.email)).toHaveLength(1);
  });

  it('refuses a closed registry and one whose date has passed', async () => {
    const { owner, registry } = await familyWithGuests(['Aunt Dora']);
    await server.infrastructure.orm.em
      .fork()
      .execute(`update "registries" set "celebration_date" = now() - interval '2 days' where "id" = ?`, [registry.id]);
    const late = await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/date has passed/);
    expect((await guestList(owner.client, registry.id)).counts.invited).toBe(0);
  });
});

describe('the day’s limits', () => {
  async function spend(key: string, points: number) {
    await server.infrastructure.orm.em
      .fork()
      .execute(`insert into "rate_limits" ("key", "points", "expire") values (?, ?, ?)`, [key, points, Date.now() + 3_600_000]);
  }

  it(`holds a registry to its list once and ${INVITATION_RESENDS_PER_DAY} resends a day, with a 429 that says when, and sends nothing past it`, async () => {
    const { owner, registry } = await familyWithGuests(['Aunt Dora', 'Ben Cohen']);
    await spend(`invitation-registry:${registry.id}`, MAX_GUESTS_PER_REGISTRY + INVITATION_RESENDS_PER_DAY - 1);
    const refused = await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many invitation e-mails today\. Please try again in \d+ minute\(s\)\.$/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await guestList(owner.client, registry.id)).counts.invited).toBe(0);
    // The one left still goes.
    const [dora] = (await guestList(owner.client, registry.id)).guests;
    expect((await owner.client.post(`/api/registries/${registry.id}/invitations`, { guestIds: [dora!.id] })).json).toMatchObject({
      queued: 1,
    });
  });

  it(`holds an account to ${INVITATIONS_PER_ACCOUNT_PER_DAY} a day across its registries`, async () => {
    const { owner, registry } = await familyWithGuests(['Aunt Dora']);
    await spend(`invitation-account:${owner.user.id}`, INVITATIONS_PER_ACCOUNT_PER_DAY);
    const refused = await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    expect(refused.status).toBe(429);
    expect((await guestList(owner.client, registry.id)).counts.invited).toBe(0);
  });
});

describe('the one reminder', () => {
  const DAY_MS = 86_400_000;

  it('goes once, the chosen days before the date, to the invited guests who have not given nor unsubscribed, and never again', async () => {
    const inFiveDays = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 5 * DAY_MS).toISOString().slice(0, 10);
    const { owner, registry } = await openRegistry(server, { childName: 'Ari Levi', celebrationDate: inFiveDays });
    const names = ['Aunt Dora', 'Ben Gave', 'Gone Away', 'Late Invite', 'Never Invited', 'Rita Answered'];
    const [dora, ben, gone, late, never, rita] = (await Promise.all(names.map((name) => addGuest(owner.client, registry.id, name)))) as [
      Line,
      Line,
      Line,
      Line,
      Line,
      Line,
    ];
    await owner.client.post(`/api/registries/${registry.id}/invitations`, { guestIds: [dora.id, ben.id, gone.id, late.id, rita.id] });
    // Invited ten days ago, but for the late invitation (today: after the reminder's day, 7 days before).
    await server.infrastructure.orm.em
      .fork()
      .execute(`update "guests" set "invited_at" = now() - interval '10 days' where "id" in (?, ?, ?, ?)`, [
        dora.id,
        ben.id,
        gone.id,
        rita.id,
      ]);
    // Rita answers from her own link: answered, she is not reminded.
    const [ritaInvitation] = await mailTo(rita.email);
    const answered = await new HttpClient(server.url).call('PUT', `/api/invitations/${personalLinkIn(ritaInvitation!.text)}/rsvp`, {
      answer: 'no',
    });
    expect(answered.status, answered.text).toBe(200);
    await server.infrastructure.repositories.gifts.create(
      aNewGift(registry.id, charityId, {
        giftGiverEmail: ben.email.toUpperCase(),
        paymentStatus: 'succeeded',
        amount: 3600,
        ...splitGift(3600),
      }),
    );
    await unsubscribe(gone.email);

    expect(await server.runJob('invitation-reminder')).toBe(1);
    expect(await server.runJob('invitation-reminder')).toBe(0);
    const list = await guestList(owner.client, registry.id);
    const reminded = list.guests.filter((guest) => guest.remindedAt !== null).map((guest) => guest.name);
    expect(reminded).toEqual(['Aunt Dora']);
    const [reminder] = (await mailTo(dora.email)).filter((mail) => mail.subject.startsWith('A reminder'));
    expect(reminder!.subject).toBe(
      `A reminder: Ari Levi's Bar/Bat Mitzvah is on ${new Date(`${inFiveDays}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}`,
    );
    expect(reminder!.text).toContain('This is the only reminder');
    // Her own link again, a new one: the newest e-mail's link is the one that works.
    expect((await new HttpClient(server.url).get(`/api/invitations/${personalLinkIn(reminder!.text)}`)).status).toBe(200);
    for (const guest of [ben, gone, late, never, rita])
      expect((await mailTo(guest.email)).filter((mail) => mail.subject.startsWith('A reminder'))).toEqual([]);

    // Turning the reminder off afterwards changes nothing sent.
    await owner.client.call('PUT', `/api/registries/${registry.id}/invitations/settings`, { reminderDays: null });
    expect((await guestList(owner.client, registry.id)).guests.find((guest) => guest.id === dora.id)!.remindedAt).not.toBeNull();
  });

  it('is not sent when the family turned it off, nor before its day', async () => {
    const inTenDays = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 10 * DAY_MS).toISOString().slice(0, 10);
    const { owner, registry } = await openRegistry(server, { celebrationDate: inTenDays });
    const dora = await addGuest(owner.client, registry.id, 'Aunt Dora');
    await owner.client.post(`/api/registries/${registry.id}/invitations`, {});
    await server.infrastructure.orm.em
      .fork()
      .execute(`update "guests" set "invited_at" = now() - interval '20 days' where "id" = ?`, [dora.id]);
    // Seven days before by default: three days from now.
    expect(await server.runJob('invitation-reminder')).toBe(0);
    await owner.client.call('PUT', `/api/registries/${registry.id}/invitations/settings`, { reminderDays: 14 });
    await owner.client.call('PUT', `/api/registries/${registry.id}/invitations/settings`, { reminderDays: null });
    expect(await server.runJob('invitation-reminder')).toBe(0);
    await owner.client.call('PUT', `/api/registries/${registry.id}/invitations/settings`, { reminderDays: 14 });
    expect(await server.runJob('invitation-reminder')).toBe(1);
  });
});

describe('the permission matrix of invitations', () => {
  type Role = MatrixRole;
  const expected: Record<string, Record<Role, number>> = {
    'GET /api/registries/:id/invitations/settings': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'PUT /api/registries/:id/invitations/settings': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'GET /api/registries/:id/invitations/preview': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'POST /api/registries/:id/invitations/preview': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'POST /api/registries/:id/invitations': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
  };

  for (const [route, statuses] of Object.entries(expected)) {
    for (const role of Object.keys(statuses) as Role[]) {
      it(`${route} as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
        const { owner, registry } = await familyWithGuests(['Aunt Dora']);
        const client = await clientAs(server, role, registry.id, owner.client);
        const settingsBefore = (await owner.client.get(`/api/registries/${registry.id}/invitations/settings`)).json;
        const listBefore = await guestList(owner.client, registry.id);
        const [method, pattern] = route.split(' ') as [string, string];
        const path = pattern.replace(':id', registry.id);
        const body = method === 'PUT' ? { message: 'Changed', reminderDays: 3 } : method === 'POST' ? {} : undefined;
        const response = await client.call(method, path, body);
        expect(response.status, response.text).toBe(statuses[role]);
        if (response.status >= 400) {
          expect(typeof response.json.message).toBe('string');
          expect((await owner.client.get(`/api/registries/${registry.id}/invitations/settings`)).json).toEqual(settingsBefore);
          expect(await guestList(owner.client, registry.id)).toEqual(listBefore);
        }
      });
    }
  }

  it('answers 404 for a registry that does not exist', async () => {
    const { client } = await signedIn(server);
    expect((await client.post('/api/registries/00000000-0000-4000-8000-000000000000/invitations', {})).status).toBe(404);
    expect((await client.get('/api/registries/not-a-uuid/invitations/preview')).status).toBe(404);
  });
});
