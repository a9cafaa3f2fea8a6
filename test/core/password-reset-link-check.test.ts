import { beforeEach, describe, expect, it } from 'vitest';
import { checkPasswordResetLink } from '@core/account/check-password-reset-link';
import { PASSWORD_RESET_LINK_TTL_MS } from '@core/model/account-token';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';

const tokens: SecretTokens = { create: () => 'unused', digest: (token) => `digest-of-${token}` };
const TOKEN = 'a-reset-token-of-the-right-shape';

let repos: ReturnType<typeof createInMemoryRepositories>;
let clock: FixedClock;
let userId: string;

beforeEach(async () => {
  repos = createInMemoryRepositories();
  clock = new FixedClock();
  userId = (await repos.users.create(aNewUser())).id;
});

const check = (input: unknown) => checkPasswordResetLink(input, { accountTokens: repos.accountTokens, tokens, clock });

async function aLink(purpose: 'password_reset' | 'email_change' = 'password_reset') {
  await repos.accountTokens.create({
    userId,
    purpose,
    tokenHash: tokens.digest(TOKEN),
    newEmail: null,
    expiresAt: new Date(clock.now().getTime() + PASSWORD_RESET_LINK_TTL_MS),
  });
}

describe('checking a password-reset link', () => {
  it('passes a live link and leaves it usable', async () => {
    await aLink();
    await expect(check({ token: TOKEN })).resolves.toBeUndefined();
    expect(await repos.accountTokens.consume(tokens.digest(TOKEN), 'password_reset', clock.now())).not.toBeNull();
  });

  it('refuses a used, an expired, an unknown and an e-mail-change link alike', async () => {
    await aLink();
    await repos.accountTokens.consume(tokens.digest(TOKEN), 'password_reset', clock.now());
    expect(await codeOf(check({ token: TOKEN }))).toBe('account.link_invalid');

    repos = createInMemoryRepositories();
    userId = (await repos.users.create(aNewUser())).id;
    await aLink();
    clock.advance(PASSWORD_RESET_LINK_TTL_MS);
    expect(await codeOf(check({ token: TOKEN }))).toBe('account.link_invalid');

    expect(await codeOf(check({ token: 'no-such-token-anywhere-at-all' }))).toBe('account.link_invalid');

    repos = createInMemoryRepositories();
    userId = (await repos.users.create(aNewUser())).id;
    await aLink('email_change');
    expect(await codeOf(check({ token: TOKEN }))).toBe('account.link_invalid');
  });

  it('refuses a malformed token and other fields', async () => {
    expect(await codeOf(check({ token: 'short' }))).toBe('account.link_invalid');
    expect(await codeOf(check({}))).toBe('account.link_invalid');
    expect(await codeOf(check({ token: TOKEN, password: 'x' }))).toBe('validation.failed');
    expect(await codeOf(check(null))).toBe('validation.failed');
  });
});
