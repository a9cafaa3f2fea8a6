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
