import { aRegistration } from './builders';
import { HttpClient } from './http-client';
import type { TestServer } from './test-server';

/** A browser signed in as a fresh account (an administrator when asked). */
export async function signedIn(server: TestServer, options: { admin?: boolean; firstName?: string } = {}) {
  const client = new HttpClient(server.url);
  const registration = aRegistration(options.firstName ? { firstName: options.firstName } : {});
  const response = await client.post('/api/register', registration);
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  const user = response.json as unknown as { id: string; username: string };
  if (options.admin) await server.infrastructure.repositories.users.setAdmin(user.id, true);
  return { client, user, registration };
}

/**
 * A fresh account made co-owner of the registry straight in the repository, as accepting an
 * invitation leaves it (test/http/co-owners.test.ts goes through the invitation itself).
 */
export async function signedInCoOwner(server: TestServer, registryId: string, options: { firstName?: string } = {}) {
  const account = await signedIn(server, options);
  if (!(await server.infrastructure.repositories.registries.addCoOwner(registryId, account.user.id)))
    throw new Error('could not add the co-owner');
  return account;
}

/** The roles of a permission matrix. */
export type MatrixRole = 'visitor' | 'owner' | 'coOwner' | 'other' | 'admin';

/**
 * The browser a role calls with on a registry `owner` made: signed out, the owner, a co-owner
 * (the one given, else a fresh one), another family, or an administrator.
 */
export async function clientAs(
  server: TestServer,
  role: MatrixRole,
  registryId: string,
  owner: HttpClient,
  coOwner?: HttpClient,
): Promise<HttpClient> {
  if (role === 'owner') return owner;
  if (role === 'visitor') return new HttpClient(server.url);
  if (role === 'coOwner') return coOwner ?? (await signedInCoOwner(server, registryId)).client;
  return (await signedIn(server, { admin: role === 'admin' })).client;
}
