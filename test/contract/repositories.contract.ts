import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';
import { stopSystemTimeAt } from '../support/system-time';
import { payoutRepositoryContract } from './payout-repositories.contract';
import { ledgerRepositoryContract } from './ledger-repositories.contract';
import { disputeRepositoryContract } from './dispute-repositories.contract';
import { reconciliationRepositoryContract } from './reconciliation-repositories.contract';
import { accountRepositoryContract } from './account-repositories.contract';
import { personalDataRepositoryContract } from './personal-data-repositories.contract';
import { thankYouRepositoryContract } from './thank-you-repositories.contract';
import { coOwnerRepositoryContract } from './co-owner-repositories.contract';
import { guestRepositoryContract } from './guest-repositories.contract';
import { invitationRepositoryContract } from './invitation-repositories.contract';
import { giftListRepositoryContract } from './gift-list-repositories.contract';

export type RepositoryFactory = () => Promise<Repositories & UnitOfWork>;

/** One contract, run against the in-memory fakes and every real adapter alike. */
export function repositoryContract(name: string, factory: RepositoryFactory): void {
  describe(`repositories: ${name}`, () => {
    let repos: Repositories & UnitOfWork;
    beforeEach(async () => {
      repos = await factory();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    describe('users', () => {
      it('creates a user and finds it by id and by username, whatever the case', async () => {
        const created = await repos.users.create(aNewUser({ username: 'SarahRose' }));
        expect(created).toMatchObject({ username: 'SarahRose', isAdmin: false });
        expect(created).not.toHaveProperty('passwordHash');
        expect(await repos.users.findById(created.id)).toEqual(created);
        expect((await repos.users.findByUsername('sarahrose'))?.id).toBe(created.id);
      });

      it('gives the password hash only to the login lookup', async () => {
        const created = await repos.users.create(aNewUser({ username: 'dan', passwordHash: 'hash-1' }));
        const found = await repos.users.findByUsernameWithPassword('DAN');
        expect(found).toMatchObject({ id: created.id, passwordHash: 'hash-1' });
        expect(await repos.users.findById(created.id)).not.toHaveProperty('passwordHash');
      });

      it('refuses a taken username or e-mail, in any letter case, and keeps the first account', async () => {
        const first = await repos.users.create(aNewUser({ username: 'levi', email: 'levi@example.com' }));
        expect(await codeOf(repos.users.create(aNewUser({ username: 'LEVI', email: 'other@example.com' })))).toBe('auth.username_taken');
        expect(await codeOf(repos.users.create(aNewUser({ username: 'levi2', email: 'Levi@Example.com' })))).toBe('auth.email_taken');
        expect((await repos.users.findByUsername('levi'))?.id).toBe(first.id);
        expect(await repos.users.findByUsername('levi2')).toBeNull();
      });

      it('answers null for unknown users', async () => {
        expect(await repos.users.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
        expect(await repos.users.findByUsername('nobody')).toBeNull();
        expect(await repos.users.findByUsernameWithPassword('nobody')).toBeNull();
      });

      it('promotes and demotes an administrator, and refuses an unknown id', async () => {
        const user = await repos.users.create(aNewUser());
        expect((await repos.users.setAdmin(user.id, true)).isAdmin).toBe(true);
        expect((await repos.users.findById(user.id))?.isAdmin).toBe(true);
        expect((await repos.users.setAdmin(user.id, false)).isAdmin).toBe(false);
        expect(await codeOf(repos.users.setAdmin('00000000-0000-4000-8000-000000000000', true))).toBe('user.not_found');
      });
    });

    describe('users: administrators', () => {
      it('lists every administrator by username, and no one else', async () => {
        expect(await repos.users.listAdmins()).toEqual([]);
        const [ruth, ops, dan] = await Promise.all(
          ['ruth', 'Ops', 'dan'].map((username) => repos.users.create(aNewUser({ username, email: `${username}@example.com` }))),
        );
        await repos.users.setAdmin(ruth!.id, true);
        await repos.users.setAdmin(ops!.id, true);
        expect(await repos.users.listAdmins()).toEqual([
          { ...ops, isAdmin: true, updatedAt: expect.any(Date) },
          { ...ruth, isAdmin: true, updatedAt: expect.any(Date) },
        ]);
        await repos.users.setAdmin(ops!.id, false);
        expect((await repos.users.listAdmins()).map((user) => user.username)).toEqual(['ruth']);
        expect(await repos.users.listAdmins()).not.toContainEqual(expect.objectContaining({ id: dan!.id }));
        expect((await repos.users.listAdmins())[0]).not.toHaveProperty('passwordHash');
      });
    });

    describe('sessions', () => {
      const now = new Date('2026-06-01T12:00:00Z');
      const later = new Date('2026-06-02T12:00:00Z');

      it('stores, reads, replaces and destroys a session', async () => {
        await repos.sessions.set('sid-1', { data: { userId: 'u1' }, expire: later });
        expect(await repos.sessions.get('sid-1', now)).toEqual({ data: { userId: 'u1' }, expire: later });
        await repos.sessions.set('sid-1', { data: { userId: 'u2' }, expire: later });
        expect((await repos.sessions.get('sid-1', now))?.data).toEqual({ userId: 'u2' });
        await repos.sessions.destroy('sid-1');
        expect(await repos.sessions.get('sid-1', now)).toBeNull();
      });

      it('destroying a missing session touches no other session', async () => {
        await repos.sessions.set('keep', { data: { userId: 'u1' }, expire: later });
        await repos.sessions.destroy('missing');
        expect(await repos.sessions.get('keep', now)).not.toBeNull();
      });

      it('never answers an expired session, and purges only expired ones', async () => {
        await repos.sessions.set('old', { data: {}, expire: now });
        await repos.sessions.set('new', { data: {}, expire: later });
        expect(await repos.sessions.get('old', now)).toBeNull();
        expect(await repos.sessions.purgeExpired(now)).toBe(1);
        expect(await repos.sessions.get('new', now)).not.toBeNull();
      });
    });

    describe('charities', () => {
      it('creates charities and lists them by name, the active ones apart', async () => {
        const b = await repos.charities.create(aCharity({ name: 'B Charity' }));
        const a = await repos.charities.create(aCharity({ name: 'A Charity', category: 'veterans' }));
        expect((await repos.charities.listAll()).map((c) => c.id)).toEqual([a.id, b.id]);
        await repos.charities.setActive(a.id, false);
        expect((await repos.charities.listActive()).map((c) => c.id)).toEqual([b.id]);
        expect((await repos.charities.listAll()).map((c) => c.isActive)).toEqual([false, true]);
        expect(await repos.charities.findById(a.id)).toMatchObject({ name: 'A Charity', category: 'veterans', isActive: false });
        expect(await repos.charities.count()).toBe(2);
        // Read by id (as a gift reads its charity) as listed, every field and the details alike.
        const detailed = await repos.charities.create(
          aCharity({
            name: 'C Charity',
            details: {
              legalName: 'C Charity Inc.',
              country: 'US',
              taxId: '12-3456789',
              address: '1 Main St, Springfield',
              agreementDate: '2026-11-30',
            },
          }),
        );
        for (const charity of await repos.charities.listAll()) expect(await repos.charities.findById(charity.id)).toEqual(charity);
        expect((await repos.charities.findById(detailed.id))?.details).toEqual(detailed.details);
        expect(await repos.charities.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
      });

      it('refuses to change an unknown charity', async () => {
        expect(await codeOf(repos.charities.setActive('00000000-0000-4000-8000-000000000000', false))).toBe('charity.not_found');
      });
    });

    describe('registries', () => {
      async function owner() {
        return repos.users.create(aNewUser());
      }

      it('creates an open registry with the spec defaults and finds it by id and short code', async () => {
        const user = await owner();
        const created = await repos.registries.create(aNewRegistry(user.id, { shortCode: 'abcd2345', childName: 'Noa Levi' }));
        expect(created).toMatchObject({
          status: 'open',
          totalReceived: 0,
          currency: 'USD',
          mailingCountry: 'US',
          payoutStatus: 'pending',
          isActive: true,
          payoutAmount: null,
        });
        expect(created.celebrationDate.toISOString()).toBe('2027-05-16T00:00:00.000Z');
        expect(await repos.registries.findById(created.id)).toEqual(created);
        expect((await repos.registries.findByShortCode('abcd2345'))?.id).toBe(created.id);
      });

      it('refuses a short code already in use', async () => {
        const user = await owner();
        await repos.registries.create(aNewRegistry(user.id, { shortCode: 'samecode' }));
        expect(await codeOf(repos.registries.create(aNewRegistry(user.id, { shortCode: 'samecode' })))).toBe('registry.short_code_taken');
      });

      it('answers null for unknown ids, including ones that are not uuids', async () => {
        expect(await repos.registries.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
        expect(await repos.registries.findById('not-a-uuid')).toBeNull();
        expect(await repos.registries.findById("1' or '1'='1")).toBeNull();
        expect(await repos.registries.findByShortCode('nope2345')).toBeNull();
      });

      it('lists an owner’s registries newest first, and nobody else’s', async () => {
        const [me, other] = [await owner(), await owner()];
        const time = stopSystemTimeAt(new Date('2027-01-10T09:00:00.000Z'));
        const first = await repos.registries.create(aNewRegistry(me.id));
        time.advance(1_000);
        const second = await repos.registries.create(aNewRegistry(me.id));
        await repos.registries.create(aNewRegistry(other.id));
        expect((await repos.registries.listByOwner(me.id)).map((r) => r.id)).toEqual([second.id, first.id]);
      });

      it('finds open, listed registries whose name the words begin, in any case, by name, up to the limit', async () => {
        const user = await owner();
        const sarah = await repos.registries.create(aNewRegistry(user.id, { childName: 'Sarah-Rose Cohen' }));
        const obrien = await repos.registries.create(aNewRegistry(user.id, { childName: "Maya O'Brien" }));
        await repos.registries.create(aNewRegistry(user.id, { childName: 'David Katz' }));
        const percent = await repos.registries.create(aNewRegistry(user.id, { childName: '100% Ari' }));
        const closed = await repos.registries.create(aNewRegistry(user.id, { childName: 'Cohen Closed' }));
        await repos.registries.update(closed.id, { status: 'closed' });
        await repos.registries.create(aNewRegistry(user.id, { childName: 'Cohen Unlisted', unlisted: true }));
        const search = async (...words: string[]) => (await repos.registries.searchListedByChildName(words, 10)).map((r) => r.id);

        expect(await search('coh')).toEqual([sarah.id]);
        expect(await search('COHEN')).toEqual([sarah.id]);
        expect(await search('rose')).toEqual([sarah.id]);
        expect(await search('sarah', 'rose', 'co')).toEqual([sarah.id]);
        expect(await search('o', 'bri')).toEqual([obrien.id]);
        expect(await search('bri')).toEqual([obrien.id]);
        // The middle of a word, words out of order, and patterns matched literally find nothing.
        expect(await search('ohe')).toEqual([]);
        expect(await search('arah')).toEqual([]);
        expect(await search('cohen', 'sarah')).toEqual([]);
        expect(await search('100%')).toEqual([percent.id]);
        expect(await search('%')).toEqual([]);
        expect(await search('_')).toEqual([]);
        expect(await search('.*')).toEqual([]);
        expect(await search('(')).toEqual([]);

        for (let index = 0; index < 4; index += 1)
          await repos.registries.create(aNewRegistry(user.id, { childName: `Levi Child ${index}` }));
        expect(await repos.registries.searchListedByChildName(['levi'], 3)).toHaveLength(3);
      });

      it('finds names by the beginnings of their words whatever their letters, separators and length', async () => {
        const user = await owner();
        const named = (childName: string) => repos.registries.create(aNewRegistry(user.id, { childName }));
        const elie = await named('Élie Dupont');
        const rose = await named("Sarah-Rose O'Brien");
        const long = await named('Maximilianoberg Wolfeschlegelsteinhausen');
        const ari = await named('Ari Ariel');
        const script = await named('𝒜b Xyzzy');
        const roth = await named('Maximiliano Roth');
        const search = async (...words: string[]) => (await repos.registries.searchListedByChildName(words, 10)).map((r) => r.id);

        expect(await search('élie')).toEqual([elie.id]);
        expect(await search('ÉLI')).toEqual([elie.id]);
        expect(await search('eli')).toEqual([]);
        expect(await search('rose')).toEqual([rose.id]);
        expect(await search('sarah', 'rose', 'o', 'bri')).toEqual([rose.id]);
        expect(await search('o', 'brien')).toEqual([rose.id]);
        expect(await search('rose', 'sarah')).toEqual([]);
        // Words longer than the index keeps (12 characters): the rest is still checked.
        expect(await search('wolfeschlegelstein')).toEqual([long.id]);
        expect(await search('WOLFESCHLEGELSTEINHAUSEN')).toEqual([long.id]);
        expect(await search('wolfeschlegelsteinhausens')).toEqual([]);
        expect(await search('wolfeschlegelsteinx')).toEqual([]);
        expect(await search('maximilianoberg', 'wolfe')).toEqual([long.id]);
        expect(await search('maximilianobergs', 'wolfe')).toEqual([]);
        // A word that begins two words of the name answers the registry once.
        expect(await search('ari')).toEqual([ari.id]);
        expect(await search('ari', 'ari')).toEqual([ari.id]);
        expect(await search('ariel')).toEqual([ari.id]);
        expect(await search('ariel', 'ari')).toEqual([]);
        // Letters outside the Basic Multilingual Plane (two UTF-16 units each).
        expect(await search('𝒜b', 'xyz')).toEqual([script.id]);
        // Several words are cut at 12 characters too, here just after the first word.
        expect(await search('maximilianoberg', 'wo')).toEqual([long.id]);
        expect(await search('maximiliano', 'ro')).toEqual([roth.id]);
        expect(await search('maximiliano', 'wo')).toEqual([]);
      });

      it('orders found registries by name, then celebration date', async () => {
        const user = await owner();
        const at = (childName: string, date: string) =>
          repos.registries.create(aNewRegistry(user.id, { childName, celebrationDate: new Date(date) }));
        const later = await at('Ari Levi', '2028-03-01T00:00:00.000Z');
        const sooner = await at('Ari Levi', '2027-03-01T00:00:00.000Z');
        const cohen = await at('Ari Cohen', '2029-03-01T00:00:00.000Z');
        const search = async (...words: string[]) => (await repos.registries.searchListedByChildName(words, 10)).map((r) => r.id);

        expect(await search('ari')).toEqual([cohen.id, sooner.id, later.id]);
        await repos.registries.update(later.id, { celebrationDate: new Date('2026-12-01T00:00:00.000Z') });
        expect(await search('ari', 'lev')).toEqual([later.id, sooner.id]);
        expect(await repos.registries.searchListedByChildName(['ari'], 2)).toEqual([
          expect.objectContaining({ id: cohen.id }),
          expect.objectContaining({ id: later.id }),
        ]);
      });

      it('keeps search right as a registry is renamed, closed, unlisted, relisted, reopened and deleted', async () => {
        const user = await owner();
        const registry = await repos.registries.create(aNewRegistry(user.id, { childName: 'Noa Goldberg' }));
        const search = async (...words: string[]) => (await repos.registries.searchListedByChildName(words, 10)).map((r) => r.id);
        expect(await search('gold')).toEqual([registry.id]);

        await repos.registries.update(registry.id, { childName: 'Noa Silverman' });
        expect(await search('gold')).toEqual([]);
        expect(await search('silver')).toEqual([registry.id]);
        expect((await repos.registries.searchListedByChildName(['silver'], 10))[0]?.childName).toBe('Noa Silverman');

        await repos.registries.update(registry.id, { unlisted: true });
        expect(await search('silver')).toEqual([]);
        await repos.registries.update(registry.id, { personalMessage: 'Still unlisted' });
        expect(await search('silver')).toEqual([]);
        await repos.registries.update(registry.id, { unlisted: false });
        expect(await search('silver')).toEqual([registry.id]);

        await repos.registries.update(registry.id, { status: 'closed' });
        expect(await search('silver')).toEqual([]);
        await repos.registries.update(registry.id, { childName: 'Noa Closedname' });
        expect(await search('closedn')).toEqual([]);
        await repos.registries.update(registry.id, { status: 'open' });
        expect(await search('closedn')).toEqual([registry.id]);

        await repos.registries.delete(registry.id);
        expect(await search('closedn')).toEqual([]);
        expect(await search('noa')).toEqual([]);
      });

      it('lists the newest open, listed registries first, up to the limit, and no closed or unlisted ones', async () => {
        const older = await repos.registries.create(aNewRegistry((await owner()).id));
        await new Promise((resolve) => setTimeout(resolve, 5));
        const closed = await repos.registries.create(aNewRegistry((await owner()).id));
        await repos.registries.update(closed.id, { status: 'closed' });
        await new Promise((resolve) => setTimeout(resolve, 5));
        const paid = await repos.registries.create(aNewRegistry((await owner()).id));
        await repos.registries.update(paid.id, { status: 'payout_sent' });
        await new Promise((resolve) => setTimeout(resolve, 5));
        const newest = await repos.registries.create(aNewRegistry((await owner()).id));
        await new Promise((resolve) => setTimeout(resolve, 5));
        await repos.registries.create(aNewRegistry((await owner()).id, { unlisted: true }));
        await new Promise((resolve) => setTimeout(resolve, 5));
        const unlistedLater = await repos.registries.create(aNewRegistry((await owner()).id));
        await repos.registries.update(unlistedLater.id, { unlisted: true });
        expect((await repos.registries.listNewestListed(2)).map((r) => r.id)).toEqual([newest.id, older.id]);
        expect((await repos.registries.listNewestListed(1)).map((r) => r.id)).toEqual([newest.id]);
      });

      it("lists each owner's newest listed registry only, so one account fills one place", async () => {
        const busy = await owner();
        const first = await repos.registries.create(aNewRegistry(busy.id));
        await new Promise((resolve) => setTimeout(resolve, 5));
        const other = await repos.registries.create(aNewRegistry((await owner()).id));
        await new Promise((resolve) => setTimeout(resolve, 5));
        const newestOfBusy = await repos.registries.create(aNewRegistry(busy.id));
        await new Promise((resolve) => setTimeout(resolve, 5));
        await repos.registries.create(aNewRegistry(busy.id));
        // A newer one the guests cannot see does not hide the one they can.
        await new Promise((resolve) => setTimeout(resolve, 5));
        await repos.registries.create(aNewRegistry(busy.id, { unlisted: true }));
        const hidden = (await repos.registries.listByOwner(busy.id)).find(
          (r) => !r.unlisted && r.id !== first.id && r.id !== newestOfBusy.id,
        )!;
        await repos.registries.update(hidden.id, { status: 'closed' });
        expect((await repos.registries.listNewestListed(10)).map((r) => r.id)).toEqual([newestOfBusy.id, other.id]);
      });

      it('keeps whose Torah-reading schedule a registry follows, changed by an update and kept by others', async () => {
        const user = await owner();
        const israel = await repos.registries.create(aNewRegistry(user.id, { hebrewCalendar: 'israel' }));
        expect(israel.hebrewCalendar).toBe('israel');
        expect((await repos.registries.findById(israel.id))?.hebrewCalendar).toBe('israel');
        expect((await repos.registries.update(israel.id, { childName: 'Eli Stern' })).hebrewCalendar).toBe('israel');
        expect((await repos.registries.update(israel.id, { hebrewCalendar: 'diaspora' })).hebrewCalendar).toBe('diaspora');
        expect((await repos.registries.findById(israel.id))?.hebrewCalendar).toBe('diaspora');
      });

      it('keeps whether a registry is unlisted: listed unless created unlisted, changed by an update', async () => {
        const user = await owner();
        const listed = await repos.registries.create(aNewRegistry(user.id));
        const unlisted = await repos.registries.create(aNewRegistry(user.id, { unlisted: true }));
        expect(listed.unlisted).toBe(false);
        expect(unlisted.unlisted).toBe(true);
        expect((await repos.registries.findById(unlisted.id))?.unlisted).toBe(true);
        expect((await repos.registries.findByShortCode(unlisted.shortCode))?.id).toBe(unlisted.id);
        expect((await repos.registries.update(listed.id, { unlisted: true })).unlisted).toBe(true);
        expect((await repos.registries.findById(listed.id))?.unlisted).toBe(true);
        expect((await repos.registries.update(listed.id, { childName: 'Eli Stern' })).unlisted).toBe(true);
      });

      it('updates only what it is given', async () => {
        const user = await owner();
        const created = await repos.registries.create(aNewRegistry(user.id));
        const updated = await repos.registries.update(created.id, { childName: 'Eli Stern', currency: 'CAD' });
        expect(updated).toMatchObject({
          childName: 'Eli Stern',
          currency: 'CAD',
          personalMessage: created.personalMessage,
          shortCode: created.shortCode,
        });
        expect(await repos.registries.findById(created.id)).toMatchObject({ childName: 'Eli Stern', currency: 'CAD' });
        expect(await codeOf(repos.registries.update('00000000-0000-4000-8000-000000000000', { childName: 'X' }))).toBe(
          'registry.not_found',
        );
      });

      it('deletes a registry together with its gifts, and nothing else', async () => {
        const user = await owner();
        const charity = await repos.charities.create(aCharity());
        const doomed = await repos.registries.create(aNewRegistry(user.id));
        const kept = await repos.registries.create(aNewRegistry(user.id));
        await repos.gifts.create(aNewGift(doomed.id, charity.id, { paymentStatus: 'failed' }));
        const keptGift = await repos.gifts.create(aNewGift(kept.id, charity.id));
        await repos.registries.delete(doomed.id);
        expect(await repos.registries.findById(doomed.id)).toBeNull();
        expect(await repos.gifts.listByRegistry(doomed.id)).toEqual([]);
        expect((await repos.gifts.listByRegistry(kept.id)).map((g) => g.id)).toEqual([keptGift.id]);
      });
    });

    describe('gifts', () => {
      it('stores amounts to the cent and reads them back as cents', async () => {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        const gift = await repos.gifts.create(
          aNewGift(registry.id, charity.id, { amount: 3_601, childAmount: 3_241, charityAmount: 360, cardFee: 143 }),
        );
        const [stored] = await repos.gifts.listByRegistry(registry.id);
        expect(stored).toEqual(gift);
        expect(stored).toMatchObject({ amount: 3_601, childAmount: 3_241, charityAmount: 360, platformFee: 300, cardFee: 143 });
      });

      it('finds a gift by its payment intent, attaches intents and changes status', async () => {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        const gift = await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'pending' }));
        expect(await repos.gifts.attachPaymentIntent(gift.id, 'pi_123')).toBe(true);
        const found = await repos.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate('pi_123'));
        expect(found).toMatchObject({ id: gift.id, paymentIntentId: 'pi_123', paymentStatus: 'pending' });
        await repos.gifts.setStatus(gift.id, 'succeeded');
        expect((await repos.gifts.findById(gift.id))?.paymentStatus).toBe('succeeded');
        expect(await repos.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate('pi_unknown'))).toBeNull();
        expect(await codeOf(repos.gifts.setStatus('00000000-0000-4000-8000-000000000000', 'failed'))).toBe('gift.not_found');
        expect(await repos.gifts.findById('not-a-uuid')).toBeNull();
      });

      it('attaches a payment only to a gift still pending', async () => {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        const gift = await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'failed' }));
        expect(await repos.gifts.attachPaymentIntent(gift.id, 'pi_late')).toBe(false);
        expect((await repos.gifts.findById(gift.id))?.paymentIntentId).toBeNull();
        expect(await repos.gifts.attachPaymentIntent('00000000-0000-4000-8000-000000000000', 'pi_none')).toBe(false);
      });

      it('lists pending gifts made before a time, and only those', async () => {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        const before = new Date(Date.now() - 60_000);
        const pending = await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'pending' }));
        await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'succeeded' }));
        await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'failed' }));
        const later = new Date(Date.now() + 60_000);
        const listed = await repos.gifts.listPendingCreatedBefore(later, 1_000);
        expect(listed.map((gift) => gift.id)).toContain(pending.id);
        expect(listed.every((gift) => gift.paymentStatus === 'pending')).toBe(true);
        expect((await repos.gifts.listPendingCreatedBefore(before, 1_000)).map((gift) => gift.id)).not.toContain(pending.id);
        expect(await repos.gifts.listPendingCreatedBefore(later, 1)).toHaveLength(1);
      });

      it('begins a refund only for a paid gift, changes a status only from the one expected, and lists refunds cut off', async () => {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        const paid = await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'succeeded' }));
        const pending = await repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'pending' }));
        const startedAt = new Date('2026-06-01T12:00:00Z');
        expect(await repos.gifts.beginRefund(pending.id, startedAt)).toBe(false);
        expect(await repos.gifts.beginRefund('not-a-uuid', startedAt)).toBe(false);
        const [first, second] = await Promise.all([
          repos.transaction((tx) => tx.gifts.beginRefund(paid.id, startedAt)),
          repos.transaction((tx) => tx.gifts.beginRefund(paid.id, startedAt)),
        ]);
        expect([first, second].sort()).toEqual([false, true]);
        expect((await repos.gifts.findById(paid.id))?.paymentStatus).toBe('refunding');
        expect(await repos.gifts.paymentStatusesOf(registry.id)).toEqual(new Set(['refunding', 'pending']));

        expect((await repos.gifts.listRefundingStartedBefore(new Date(startedAt.getTime() + 1), 10)).map((gift) => gift.id)).toContain(
          paid.id,
        );
        expect((await repos.gifts.listRefundingStartedBefore(startedAt, 10)).map((gift) => gift.id)).not.toContain(paid.id);
        expect(Object.keys((await repos.gifts.listRefundingStartedBefore(new Date(startedAt.getTime() + 1), 10))[0]!).sort()).toEqual(
          Object.keys(paid).sort(),
        );

        expect(await repos.gifts.changeStatus(paid.id, 'succeeded', 'refunded')).toBe(false);
        expect(await repos.gifts.changeStatus(paid.id, 'refunding', 'refunded')).toBe(true);
        expect(await repos.gifts.changeStatus(paid.id, 'refunding', 'succeeded')).toBe(false);
        expect((await repos.gifts.findById(paid.id))?.paymentStatus).toBe('refunded');
        expect(await repos.gifts.changeStatus('00000000-0000-4000-8000-000000000000', 'succeeded', 'refunded')).toBe(false);
      });

      it('adds to a registry’s total to the cent, even when many credits land at once', async () => {
        const user = await repos.users.create(aNewUser());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        const amounts = Array.from({ length: 25 }, (_, index) => 101 + index * 37);
        await Promise.all(amounts.map((amount) => repos.transaction((tx) => tx.registries.addToTotalReceived(registry.id, amount))));
        expect((await repos.registries.findById(registry.id))?.totalReceived).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
        expect(await codeOf(repos.registries.addToTotalReceived('00000000-0000-4000-8000-000000000000', 1))).toBe('registry.not_found');
      });

      it('counts succeeded gifts per registry and knows which payment statuses its gifts have', async () => {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const [a, b, c] = [
          await repos.registries.create(aNewRegistry(user.id)),
          await repos.registries.create(aNewRegistry(user.id)),
          await repos.registries.create(aNewRegistry(user.id)),
        ];
        await repos.gifts.create(aNewGift(a.id, charity.id));
        await repos.gifts.create(aNewGift(a.id, charity.id));
        await repos.gifts.create(aNewGift(a.id, charity.id, { paymentStatus: 'failed' }));
        await repos.gifts.create(aNewGift(b.id, charity.id, { paymentStatus: 'pending' }));
        await repos.gifts.create(aNewGift(c.id, charity.id, { paymentStatus: 'failed' }));
        await repos.gifts.create(aNewGift(c.id, charity.id, { paymentStatus: 'expired' }));
        // A refunded gift is no gift any more, but its record of money that moved is kept and seen.
        const d = await repos.registries.create(aNewRegistry(user.id));
        await repos.gifts.create(aNewGift(d.id, charity.id, { paymentStatus: 'refunded' }));
        expect(await repos.gifts.paymentStatusesOf(d.id)).toEqual(new Set(['refunded']));
        expect((await repos.gifts.countSucceeded([d.id])).get(d.id)).toBeUndefined();
        const counts = await repos.gifts.countSucceeded([a.id, b.id, c.id]);
        expect([counts.get(a.id), counts.get(b.id), counts.get(c.id)]).toEqual([2, undefined, undefined]);
        expect(await repos.gifts.paymentStatusesOf(a.id)).toEqual(new Set(['succeeded', 'failed']));
        expect(await repos.gifts.paymentStatusesOf(b.id)).toEqual(new Set(['pending']));
        expect(await repos.gifts.paymentStatusesOf(c.id)).toEqual(new Set(['failed', 'expired']));
        expect(await repos.gifts.paymentStatusesOf('not-a-uuid')).toEqual(new Set());
        expect(await repos.gifts.countSucceeded([])).toEqual(new Map());
      });
    });

    describe('thank-you notes', () => {
      const content = {
        templateId: 'modern' as const,
        customMessage: 'Thank you!',
        imageUrls: ['/uploads/a.jpg'],
        imageSize: 'large' as const,
      };

      async function aGift() {
        const user = await repos.users.create(aNewUser());
        const charity = await repos.charities.create(aCharity());
        const registry = await repos.registries.create(aNewRegistry(user.id));
        return { registry, gift: await repos.gifts.create(aNewGift(registry.id, charity.id)) };
      }

      it('keeps one note per gift: a second save replaces the content and keeps the id', async () => {
        const { gift } = await aGift();
        const first = await repos.thankYouNotes.save({ id: gift.id, byHand: false }, content);
        expect(first).toMatchObject({ giftId: gift.id, byHand: false, ...content, status: 'draft', sentAt: null });
        const second = await repos.thankYouNotes.save(
          { id: gift.id, byHand: false },
          { ...content, customMessage: 'Todah rabah!', imageUrls: [] },
        );
        expect(second.id).toBe(first.id);
        expect(await repos.thankYouNotes.findByGiftId(gift.id)).toMatchObject({
          id: first.id,
          customMessage: 'Todah rabah!',
          imageUrls: [],
        });
        expect(await repos.thankYouNotes.listByGiftIds([gift.id, '00000000-0000-4000-8000-000000000000'])).toHaveLength(1);
      });

      it('marks a note sent, and a later save keeps it sent', async () => {
        const { gift } = await aGift();
        const note = await repos.thankYouNotes.save({ id: gift.id, byHand: false }, content);
        const at = new Date('2027-06-01T10:00:00.000Z');
        expect(await repos.thankYouNotes.markSent(note.id, at)).toMatchObject({ status: 'sent', sentAt: at });
        expect((await repos.thankYouNotes.save({ id: gift.id, byHand: false }, content)).status).toBe('sent');
        expect(await codeOf(repos.thankYouNotes.markSent('00000000-0000-4000-8000-000000000000', at))).toBe('note.not_found');
        expect(await repos.thankYouNotes.findById('not-a-uuid')).toBeNull();
      });

      it('deletes a gift’s note with the gift', async () => {
        const { registry, gift } = await aGift();
        await repos.gifts.setStatus(gift.id, 'failed');
        const note = await repos.thankYouNotes.save({ id: gift.id, byHand: false }, content);
        await repos.registries.delete(registry.id);
        expect(await repos.thankYouNotes.findById(note.id)).toBeNull();
      });
    });

    describe('gifts given by hand', () => {
      const details = {
        giftGiverName: 'Uncle Ben',
        giftGiverEmail: null,
        amount: 18_000,
        method: 'cash' as const,
        receivedOn: '2027-05-16',
        note: 'In a card',
      };

      async function aRegistry() {
        const user = await repos.users.create(aNewUser());
        return repos.registries.create(aNewRegistry(user.id));
      }

      it('records, finds, corrects and removes a gift given by hand', async () => {
        const registry = await aRegistry();
        const gift = await repos.offlineGifts.create({ registryId: registry.id, ...details });
        expect(gift).toMatchObject({ registryId: registry.id, ...details, createdAt: expect.any(Date), updatedAt: expect.any(Date) });
        expect(await repos.offlineGifts.findById(gift.id)).toEqual(gift);
        const changed = await repos.offlineGifts.update(gift.id, {
          ...details,
          giftGiverEmail: 'ben@example.com',
          amount: 1,
          method: 'check',
          receivedOn: '2027-05-17',
          note: null,
        });
        expect(changed).toMatchObject({
          id: gift.id,
          giftGiverEmail: 'ben@example.com',
          amount: 1,
          method: 'check',
          receivedOn: '2027-05-17',
          note: null,
        });
        expect(await repos.offlineGifts.findById(gift.id)).toMatchObject({ amount: 1, method: 'check', receivedOn: '2027-05-17' });
        expect(await repos.offlineGifts.delete(gift.id)).toBe(true);
        expect(await repos.offlineGifts.delete(gift.id)).toBe(false);
        expect(await repos.offlineGifts.findById(gift.id)).toBeNull();
        expect(await repos.offlineGifts.findById('not-a-uuid')).toBeNull();
        expect(await codeOf(repos.offlineGifts.update(gift.id, details))).toBe('gift.not_found');
      });

      it('lists a registry’s gifts by the day given, newest first, and no other registry’s', async () => {
        const registry = await aRegistry();
        const other = await aRegistry();
        const older = await repos.offlineGifts.create({ registryId: registry.id, ...details, receivedOn: '2027-05-10' });
        const newer = await repos.offlineGifts.create({ registryId: registry.id, ...details, receivedOn: '2027-05-20' });
        await repos.offlineGifts.create({ registryId: other.id, ...details });
        expect((await repos.offlineGifts.listByRegistry(registry.id)).map((gift) => gift.id)).toEqual([newer.id, older.id]);
        expect(await repos.offlineGifts.listByRegistry('not-a-uuid')).toEqual([]);
      });

      it('keeps one thank-you note per gift given by hand, found by the gift’s id, and removes it with the gift', async () => {
        const registry = await aRegistry();
        const gift = await repos.offlineGifts.create({ registryId: registry.id, ...details });
        const content = {
          templateId: 'warm' as const,
          customMessage: 'Thank you, Uncle Ben!',
          imageUrls: [],
          imageSize: 'medium' as const,
        };
        const first = await repos.thankYouNotes.save({ id: gift.id, byHand: true }, content);
        expect(first).toMatchObject({ giftId: gift.id, byHand: true, status: 'draft' });
        const second = await repos.thankYouNotes.save({ id: gift.id, byHand: true }, { ...content, customMessage: 'Todah!' });
        expect(second.id).toBe(first.id);
        expect(await repos.thankYouNotes.findByGiftId(gift.id)).toMatchObject({ id: first.id, customMessage: 'Todah!', byHand: true });
        expect(await repos.thankYouNotes.listByGiftIds([gift.id])).toHaveLength(1);
        expect((await repos.thankYouNotes.markSent(first.id, new Date('2027-06-01T10:00:00.000Z'))).status).toBe('sent');
        await repos.offlineGifts.delete(gift.id);
        expect(await repos.thankYouNotes.findById(first.id)).toBeNull();
      });

      it('goes with its registry', async () => {
        const registry = await aRegistry();
        const gift = await repos.offlineGifts.create({ registryId: registry.id, ...details });
        const note = await repos.thankYouNotes.save(
          { id: gift.id, byHand: true },
          { templateId: 'warm', customMessage: 'Thanks', imageUrls: [], imageSize: 'medium' },
        );
        await repos.registries.delete(registry.id);
        expect(await repos.offlineGifts.findById(gift.id)).toBeNull();
        expect(await repos.thankYouNotes.findById(note.id)).toBeNull();
      });
    });

    // Closing and payouts: connected accounts, payout fields, charity payouts, the audit trail.
    payoutRepositoryContract(() => repos);
    ledgerRepositoryContract(() => repos);
    disputeRepositoryContract(() => repos);
    reconciliationRepositoryContract(() => repos);
    accountRepositoryContract(() => repos);
    personalDataRepositoryContract(() => repos);
    thankYouRepositoryContract(() => repos);
    coOwnerRepositoryContract(() => repos);
    guestRepositoryContract(() => repos);
    invitationRepositoryContract(() => repos);
    giftListRepositoryContract(() => repos);

    describe('unit of work', () => {
      it('keeps everything a transaction wrote when it succeeds', async () => {
        await repos.transaction(async (tx) => {
          await tx.users.create(aNewUser({ username: 'miriam' }));
          await tx.charities.create(aCharity({ name: 'Kept' }));
        });
        expect(await repos.users.findByUsername('miriam')).not.toBeNull();
        expect(await repos.charities.count()).toBe(1);
      });

      it('undoes everything a transaction wrote when it fails', async () => {
        await expect(
          repos.transaction(async (tx) => {
            await tx.users.create(aNewUser({ username: 'noam' }));
            await tx.charities.create(aCharity({ name: 'Dropped' }));
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await repos.users.findByUsername('noam')).toBeNull();
        expect(await repos.charities.count()).toBe(0);
      });
    });
  });
}
