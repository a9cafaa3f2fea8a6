import { beforeEach, describe, expect, it } from 'vitest';
import { changePassword } from '@core/account/change-password';
import { confirmEmailChange } from '@core/account/confirm-email-change';
import { requestEmailChange } from '@core/account/request-email-change';
import { requestPasswordReset } from '@core/account/request-password-reset';
import { resetPassword } from '@core/account/reset-password';
import { updateProfile } from '@core/account/update-profile';
import type { User } from '@core/model/user';
import type { PasswordHasher } from '@core/ports/password-hasher';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';

// Reversible on purpose: these tests are about the rules, not the hash.
const hasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (hash, password) => hash === `hashed:${password}`,
};

let issued = 0;
const tokens: SecretTokens = {
  create: () => `token-number-${(issued += 1).toString().padStart(12, '0')}`,
  digest: (token) => `digest-of-${token}`,
};

const HOUR = 60 * 60 * 1000;
const settings = { appUrl: 'https://gifts.example.org', supportEmail: 'support@example.org' };

let repos: ReturnType<typeof createInMemoryRepositories>;
let clock: FixedClock;
let user: User;
let ports: Parameters<typeof requestPasswordReset>[1] & Parameters<typeof resetPassword>[1] & Parameters<typeof changePassword>[2];

beforeEach(async () => {
  repos = createInMemoryRepositories();
  clock = new FixedClock();
  user = await repos.users.create(aNewUser({ email: 'dana@example.com', passwordHash: 'hashed:old-password' }));
  ports = { unitOfWork: repos, users: repos.users, tokens, hasher, clock, resetMailPace: async () => true, ...settings };
});

const lastLinkToken = () => {
  const mail = repos.mail.queued.at(-1)!;
  return /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};
const passwordHash = async () => (await repos.users.findByIdWithPassword(user.id))!.passwordHash;

describe('forgot password', () => {
  it('queues a link that works for one hour to an address that has an account, whatever its case', async () => {
    await requestPasswordReset({ email: 'DANA@example.com' }, ports);
    const [mail] = repos.mail.queued;
    expect(mail).toMatchObject({ to: 'dana@example.com', replyTo: 'support@example.org', subject: 'Reset your Mitzvah Gifts password' });
    expect(mail!.text).toContain('https://gifts.example.org/reset-password#token=');
    const [stored] = [...repos.accountTokens.rows.values()];
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(HOUR);
    expect(stored!.tokenHash).toBe(`digest-of-${lastLinkToken()}`);
  });

  it('queues nothing and stores nothing for an unknown address, and says nothing either way', async () => {
    await expect(requestPasswordReset({ email: 'stranger@example.com' }, ports)).resolves.toBeUndefined();
    expect(repos.mail.queued).toEqual([]);
    expect(repos.accountTokens.rows.size).toBe(0);
  });

  it('refuses a malformed address', async () => {
    expect(await codeOf(requestPasswordReset({ email: 'nope' }, ports))).toBe('validation.failed');
  });

  it('stops an older link once a newer one is issued', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const older = lastLinkToken();
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const newer = lastLinkToken();
    expect(await codeOf(resetPassword({ token: older, password: 'old-link-pass' }, ports))).toBe('account.link_invalid');
    await resetPassword({ token: newer, password: 'new-link-pass' }, ports);
    expect(await passwordHash()).toBe('hashed:new-link-pass');
  });

  it('answers a paced request without mailing or issuing anything, and the link already sent keeps working', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const sent = lastLinkToken();
    const asked: string[] = [];
    const paced = { ...ports, resetMailPace: async (email: string) => (asked.push(email), false) };
    await expect(requestPasswordReset({ email: 'Dana@Example.com' }, paced)).resolves.toBeUndefined();
    expect(asked).toEqual(['dana@example.com']);
    expect(repos.mail.queued).toHaveLength(1);
    await resetPassword({ token: sent, password: 'still-works' }, ports);
    expect(await passwordHash()).toBe('hashed:still-works');
  });
});

describe('resetting the password', () => {
  beforeEach(async () => {
    await repos.sessions.set('mine-1', { data: { userId: user.id }, expire: new Date(clock.now().getTime() + HOUR) });
    await repos.sessions.set('someone-else', { data: { userId: 'another-user' }, expire: new Date(clock.now().getTime() + HOUR) });
  });

  it('sets the new password, ends every session of the account, and tells the owner', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    await resetPassword({ token: lastLinkToken(), password: 'new-password' }, ports);
    expect(await passwordHash()).toBe('hashed:new-password');
    expect(await repos.sessions.get('mine-1', clock.now())).toBeNull();
    expect(await repos.sessions.get('someone-else', clock.now())).not.toBeNull();
    expect(repos.mail.queued.at(-1)!.subject).toBe('Your Mitzvah Gifts password was changed');
  });

  it('refuses the link a second time', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const token = lastLinkToken();
    await resetPassword({ token, password: 'new-password' }, ports);
    expect(await codeOf(resetPassword({ token, password: 'third-password' }, ports))).toBe('account.link_invalid');
    expect(await passwordHash()).toBe('hashed:new-password');
  });

  it('refuses the link once its hour is up, and changes nothing', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    clock.advance(HOUR);
    expect(await codeOf(resetPassword({ token: lastLinkToken(), password: 'new-password' }, ports))).toBe('account.link_invalid');
    expect(await passwordHash()).toBe('hashed:old-password');
    expect(await repos.sessions.get('mine-1', new Date(clock.now().getTime() - 1))).not.toBeNull();
  });

  it('makes every other reset link of the account worthless', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const first = lastLinkToken();
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    await resetPassword({ token: lastLinkToken(), password: 'new-password' }, ports);
    expect(await codeOf(resetPassword({ token: first, password: 'attacker-pass' }, ports))).toBe('account.link_invalid');
  });

  it('refuses a short password or mismatched confirmation without using up the link', async () => {
    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const token = lastLinkToken();
    expect(await codeOf(resetPassword({ token, password: '123' }, ports))).toBe('validation.failed');
    expect(await codeOf(resetPassword({ token, password: 'new-password', confirmPassword: 'other-one' }, ports))).toBe('validation.failed');
    await resetPassword({ token, password: 'new-password' }, ports);
    expect(await passwordHash()).toBe('hashed:new-password');
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    await repos.sessions.set('other-device', { data: { userId: user.id }, expire: new Date(clock.now().getTime() + HOUR) });
    const error = codeOf(changePassword(user, { currentPassword: 'guess', newPassword: 'new-password' }, ports));
    expect(await error).toBe('account.wrong_password');
    expect(await passwordHash()).toBe('hashed:old-password');
    expect(await repos.sessions.get('other-device', clock.now())).not.toBeNull();
  });

  it('changes it with the current one and ends every session of the account', async () => {
    await repos.sessions.set('other-device', { data: { userId: user.id }, expire: new Date(clock.now().getTime() + HOUR) });
    await changePassword(user, { currentPassword: 'old-password', newPassword: 'new-password' }, ports);
    expect(await passwordHash()).toBe('hashed:new-password');
    expect(await repos.sessions.get('other-device', clock.now())).toBeNull();
  });
});

describe('changing the names', () => {
  it('changes first and last name, trimmed, and refuses a blank one', async () => {
    expect(await updateProfile(user, { firstName: ' Noa ', lastName: 'Katz' }, ports)).toMatchObject({
      firstName: 'Noa',
      lastName: 'Katz',
    });
    expect(await codeOf(updateProfile(user, { firstName: 'Noa', lastName: '  ' }, ports))).toBe('validation.failed');
    expect(await codeOf(updateProfile(user, { firstName: 'Noa', lastName: 'Katz', isAdmin: true }, ports))).toBe('validation.failed');
  });
});

describe('changing the e-mail address', () => {
  const ask = (email: string, currentPassword = 'old-password') => requestEmailChange(user, { email, currentPassword }, ports);
  const confirm = (token: string, asUser = user) => confirmEmailChange(asUser, { token }, ports);

  it('asks for the current password, and changes nothing until the link sent to the new address is opened', async () => {
    expect(await codeOf(ask('new@example.com', 'guess'))).toBe('account.wrong_password');
    expect(repos.mail.queued).toEqual([]);
    await ask('New@Example.com');
    const [mail] = repos.mail.queued;
    expect(mail!.to).toBe('new@example.com');
    expect(mail!.text).toContain('https://gifts.example.org/account/confirm-email#token=');
    expect((await repos.users.findById(user.id))!.email).toBe('dana@example.com');

    const changed = await confirm(lastLinkToken());
    expect(changed.email).toBe('new@example.com');
    const notice = repos.mail.queued.at(-1)!;
    expect(notice).toMatchObject({ to: 'dana@example.com', subject: 'Your Mitzvah Gifts e-mail address was changed' });
    // Taken apart so no mail program links it (docs/product.md#validation-rules), and read as typed.
    expect(notice.text.replaceAll('\u200B', '')).toContain('new@example.com');
  });

  it('refuses a reused link, an expired link and an older request’s link', async () => {
    await ask('first@example.com');
    const older = lastLinkToken();
    await ask('second@example.com');
    const latest = lastLinkToken();
    expect(await codeOf(confirm(older))).toBe('account.link_invalid');
    await confirm(latest);
    expect(await codeOf(confirm(latest))).toBe('account.link_invalid');

    await ask('third@example.com');
    clock.advance(24 * HOUR);
    expect(await codeOf(confirm(lastLinkToken()))).toBe('account.link_invalid');
    expect((await repos.users.findById(user.id))!.email).toBe('second@example.com');
  });

  it('takes the link only from the account that asked: a stranger who reads the new address cannot use it', async () => {
    await ask('mistyped@example.com');
    const token = lastLinkToken();
    const stranger = await repos.users.create(aNewUser({ email: 'mistyped-owner@example.com' }));
    expect(await codeOf(confirm(token, stranger))).toBe('auth.forbidden');
    expect((await repos.users.findById(user.id))!.email).toBe('dana@example.com');
    expect((await confirm(token)).email).toBe('mistyped@example.com');
  });

  it('ends a pending change when the password is reset or changed, and pending reset links when the address changes', async () => {
    await ask('intruder@example.com');
    const intruders = lastLinkToken();
    await changePassword(user, { currentPassword: 'old-password', newPassword: 'new-password' }, ports);
    expect(await codeOf(confirm(intruders))).toBe('account.link_invalid');

    await requestPasswordReset({ email: 'dana@example.com' }, ports);
    const reset = lastLinkToken();
    const withNewPassword = (await repos.users.findById(user.id))!;
    await requestEmailChange(withNewPassword, { email: 'moved@example.com', currentPassword: 'new-password' }, ports);
    await confirm(lastLinkToken(), withNewPassword);
    expect(await codeOf(resetPassword({ token: reset, password: 'another-one' }, ports))).toBe('account.link_invalid');
  });

  it('answers an address another account has like any other, and tells that address instead of sending a link', async () => {
    const other = await repos.users.create(aNewUser({ email: 'taken@example.com' }));
    const queued = repos.mail.queued.length;
    await ask('taken@example.com');
    const sent = repos.mail.queued.slice(queued);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'taken@example.com', subject: 'Your Mitzvah Gifts e-mail address' });
    expect(sent[0]!.text).not.toContain('confirm-email#token=');
    expect(sent[0]!.text).not.toContain(user.username);
    expect((await repos.users.findById(other.id))!.email).toBe('taken@example.com');
  });

  it('refuses the address the account has, and one another account took before the link was opened', async () => {
    expect(await codeOf(ask('dana@example.com'))).toBe('validation.failed');
    await ask('wanted@example.com');
    const token = lastLinkToken();
    await repos.users.create(aNewUser({ email: 'wanted@example.com' }));
    expect(await codeOf(confirm(token))).toBe('auth.email_taken');
    expect((await repos.users.findById(user.id))!.email).toBe('dana@example.com');
  });
});
