import type { UserView } from '@api/auth';
import type { MessageAnswer } from '@api/registries';
import { toUserView, type User } from '@core/model/user';
import { DomainError } from '@core/errors';

export function presentUser(user: User) {
  return toUserView(user) satisfies UserView;
}

export const notSignedIn = () => new DomainError('auth.required', 'Not signed in');

export function presentLoggedOut() {
  return { message: 'Logged out' } satisfies MessageAnswer;
}
