export interface User {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  payoutAccountId: string | null;
  payoutAccountStatus: string | null;
  payoutAccountOnboardedAt: Date | null;
  /**
   * When the account is to be deleted, once its holder asked (docs/product.md#your-data-export-and-deletion):
   * signing in before then cancels it. Null otherwise.
   */
  deletionDueAt: Date | null;
  /** When the account was deleted: its personal data is gone and nobody can sign in to it. */
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A user with the password hash, which only the account use cases ever see. */
export interface UserWithPassword extends User {
  passwordHash: string;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
}

/** What the browser learns about the signed-in user. */
export type UserView = Pick<User, 'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'isAdmin'>;

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
  };
}
