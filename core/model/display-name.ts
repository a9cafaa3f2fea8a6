import type { User } from './user';

/** How a person is named to others: their first and last names, or their username when they gave none. */
export function displayName(user: User): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}
