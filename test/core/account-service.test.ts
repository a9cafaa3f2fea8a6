import { describe, expect, it } from 'vitest';
import { aNewUser } from '../support/builders';
import { accountWorld } from '../support/account-world';

describe('the accounts’ use cases, built once', () => {
  it('take the acting user on each call, so one account’s password never opens another', async () => {
    const { repositories, accounts, holder, passwordHashOf } = await accountWorld();
    const other = await repositories.users.create(aNewUser({ username: 'levi', passwordHash: 'hashed:levis-password' }));
    const change = { currentPassword: 'old-password', newPassword: 'new-password' };

    await expect(accounts.changePassword(other, change)).rejects.toMatchObject({ code: 'account.wrong_password' });
    expect(await passwordHashOf(other.id)).toBe('hashed:levis-password');
    expect(await passwordHashOf(holder.id)).toBe('hashed:old-password');
    expect(repositories.mail.queued).toEqual([]);

    await accounts.changePassword(holder, change);
    expect(await passwordHashOf(holder.id)).toBe('hashed:new-password');
    expect(await passwordHashOf(other.id)).toBe('hashed:levis-password');
    expect(repositories.mail.queued.map((mail) => mail.to)).toEqual(['dana@example.com']);
    await expect(accounts.logIn({ username: holder.username, password: 'old-password' })).rejects.toMatchObject({
      code: 'auth.invalid_credentials',
    });
    expect(await accounts.logIn({ username: holder.username, password: 'new-password' })).toMatchObject({ id: holder.id });
  });

  it('ask each call for its own pace of reset e-mails, so a spent one holds back only its request', async () => {
    const { repositories, accounts } = await accountWorld();
    await accounts.requestPasswordReset({ email: 'dana@example.com' }, async () => false);
    expect(repositories.mail.queued).toEqual([]);
    expect(repositories.accountTokens.rows.size).toBe(0);

    await accounts.requestPasswordReset({ email: 'dana@example.com' }, async () => true);
    expect(repositories.mail.queued.map((mail) => mail.to)).toEqual(['dana@example.com']);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(repositories.mail.queued[0]!.text)![1]!;
    await expect(accounts.checkPasswordResetLink({ token })).resolves.toBeUndefined();
  });
});
