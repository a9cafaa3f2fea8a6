import { describe, expect, it } from 'vitest';
import { invitationWorld, unlimitedInvitations } from '../support/invitation-world';

const NO_ADDRESS = { street: null, city: null, region: null, postalCode: null, country: null };
const SETTINGS = { message: 'Come dance with us!', startTime: '10:30', place: 'Beth Shalom' };

describe('the invitations’ use cases, built once', () => {
  it('take the acting user on each of the family’s calls, and the guest’s link on theirs', async () => {
    const { repositories, linkTokens, invitations, owner, registry, aUser } = await invitationWorld();
    const stranger = await aUser('stranger');
    const [dora] = await repositories.guests.createMany([
      { registryId: registry.id, name: 'Aunt Dora', email: 'dora@example.com', partySize: 2, ...NO_ADDRESS },
    ]);

    await expect(invitations.saveSettings(stranger, registry.id, SETTINGS)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(invitations.readSettings(stranger, registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(invitations.preview(stranger, registry.id, undefined)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(invitations.send(stranger, registry.id, {}, unlimitedInvitations)).rejects.toMatchObject({
      code: 'registry.forbidden',
    });
    expect(repositories.mail.queued).toEqual([]);
    await expect(invitations.view(linkTokens.tokenFor(dora!.id))).rejects.toMatchObject({ code: 'invitation.not_found' });

    await invitations.saveSettings(owner, registry.id, SETTINGS);
    expect(await invitations.readSettings(owner, registry.id)).toMatchObject(SETTINGS);
    await expect(invitations.send(owner, registry.id, {}, unlimitedInvitations)).resolves.toEqual({ queued: 1, skipped: 0 });
    expect(repositories.mail.queued.map((mail) => mail.to)).toEqual(['dora@example.com']);

    const answered = await invitations.answer(linkTokens.tokenFor(dora!.id), { answer: 'yes', partySize: 2 });
    expect(answered).toMatchObject({ guest: { id: dora!.id, rsvp: { answer: 'yes', partySize: 2 } }, place: 'Beth Shalom' });
  });
});
