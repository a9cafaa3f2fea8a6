import { describe, expect, it } from 'vitest';
import { coOwnerWorld } from '../support/co-owner-world';

describe('the co-owners’ use cases, built once', () => {
  it('take the acting user on each call, so one caller’s rights never reach the next', async () => {
    const w = await coOwnerWorld();
    const stranger = await w.aUser('stranger');
    await w.coOwners.invite(w.owner, w.registry.id, { email: 'david@example.com' });

    await expect(w.coOwners.listPeople(stranger, w.registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(w.coOwners.invite(stranger, w.registry.id, { email: 'eve@example.com' })).rejects.toMatchObject({
      code: 'registry.forbidden',
    });
    await expect(w.coOwners.accept(null, { token: w.lastToken() })).rejects.toMatchObject({ code: 'auth.required' });
    const people = await w.coOwners.listPeople(w.owner, w.registry.id);
    expect(people.invitations.map((invitation) => invitation.email)).toEqual(['david@example.com']);
  });

  it('let the invitee accept, see the registry’s people as a co-owner, and leave', async () => {
    const w = await coOwnerWorld();
    const david = await w.aUser('david');
    await w.coOwners.invite(w.owner, w.registry.id, { email: 'david@example.com' });
    expect((await w.coOwners.preview({ token: w.lastToken() })).inviter.id).toBe(w.owner.id);

    const joined = await w.coOwners.accept(david, { token: w.lastToken() });
    expect(joined.coOwnerIds).toEqual([david.id]);
    const seenByDavid = await w.coOwners.listPeople(david, w.registry.id);
    expect(seenByDavid).toMatchObject({ role: 'coOwner', invitations: [] });
    expect(seenByDavid.coOwners.map((user) => user.id)).toEqual([david.id]);

    expect(await w.coOwners.remove(david, w.registry.id, david.id)).toEqual({ message: 'You no longer co-own this registry', left: true });
    await expect(w.coOwners.listPeople(david, w.registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
  });
});
