import { describe, expect, it } from 'vitest';
import { logIn } from '@core/account/log-in';
import { registerUser } from '@core/account/register-user';
import { loginSchema, registrationFormSchema } from '@core/account/schemas';
import type { PasswordHasher } from '@core/ports/password-hasher';
import { InMemoryUserRepository } from '../../adapters/in-memory/in-memory-user-repository';
import { aRegistration } from '../support/builders';

// Reversible on purpose: these tests are about the rules, not the hash.
const hasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (hash, password) => hash === `hashed:${password}`,
};

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; fields?: Record<string, string> };
  }
  throw new Error('expected a failure');
}

describe('registering', () => {
  it('stores a hash, never the password, and a lower-cased e-mail', async () => {
    const users = new InMemoryUserRepository();
    const user = await registerUser(aRegistration({ username: 'sarah', email: 'Sarah@Example.com', password: 'secret1' }), {
      users,
      hasher,
    });
    expect(user).toMatchObject({ username: 'sarah', email: 'sarah@example.com', isAdmin: false });
    expect((await users.findByUsernameWithPassword('sarah'))?.passwordHash).toBe('hashed:secret1');
  });

  it('answers Missing required fields when any field is absent or blank', async () => {
    const users = new InMemoryUserRepository();
    const error = await failure(registerUser(aRegistration({ firstName: '   ', email: undefined }), { users, hasher }));
    expect(error).toMatchObject({ code: 'validation.failed', message: 'Missing required fields' });
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'firstName']);
    expect(users.rows.size).toBe(0);
  });

  it('refuses a short password with the spec message', async () => {
    const error = await failure(registerUser(aRegistration({ password: '12345' }), { users: new InMemoryUserRepository(), hasher }));
    expect(error.message).toBe('Password must be at least 6 characters');
  });

  it('refuses fields it does not offer, such as isAdmin', async () => {
    const users = new InMemoryUserRepository();
    const error = await failure(registerUser(aRegistration({ isAdmin: true }), { users, hasher }));
    expect(error).toMatchObject({ code: 'validation.failed', message: 'Unknown field: isAdmin' });
    expect(users.rows.size).toBe(0);
  });

  it('refuses a taken username with Username already exists', async () => {
    const users = new InMemoryUserRepository();
    await registerUser(aRegistration({ username: 'levi' }), { users, hasher });
    const error = await failure(registerUser(aRegistration({ username: 'Levi' }), { users, hasher }));
    expect(error).toMatchObject({ code: 'auth.username_taken', message: 'Username already exists' });
  });
});

describe('logging in', () => {
  const decoyHash = 'hashed:decoy-never-matches';

  it('answers the user without the hash for the right password', async () => {
    const users = new InMemoryUserRepository();
    await registerUser(aRegistration({ username: 'dan', password: 'secret1' }), { users, hasher });
    const user = await logIn({ username: 'dan', password: 'secret1' }, { users, hasher, decoyHash });
    expect(user.username).toBe('dan');
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('fails alike for a wrong password and an unknown user', async () => {
    const users = new InMemoryUserRepository();
    await registerUser(aRegistration({ username: 'dan', password: 'secret1' }), { users, hasher });
    const wrong = await failure(logIn({ username: 'dan', password: 'nope!!' }, { users, hasher, decoyHash }));
    const unknown = await failure(logIn({ username: 'nobody', password: 'secret1' }, { users, hasher, decoyHash }));
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ code: 'auth.invalid_credentials' });
  });
});

describe('the form schemas carry the spec messages', () => {
  it('login', async () => {
    await expect(loginSchema.validate({ username: '', password: 'x' })).rejects.toThrow('Username is required');
    await expect(loginSchema.validate({ username: 'x', password: '' })).rejects.toThrow('Password is required');
  });

  it('registration', async () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co', username: 'abc', password: 'secret1' };
    await expect(registrationFormSchema.validate({ ...base, confirmPassword: '' })).rejects.toThrow('Please confirm your password');
    await expect(registrationFormSchema.validate({ ...base, confirmPassword: 'other1' })).rejects.toThrow("Passwords don't match");
    await expect(registrationFormSchema.validate({ ...base, password: '123', confirmPassword: '123' })).rejects.toThrow(
      'Password must be at least 6 characters',
    );
    await expect(registrationFormSchema.validate({ ...base, confirmPassword: 'secret1' })).resolves.toBeTruthy();
  });
});
