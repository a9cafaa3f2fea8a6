import { DomainError } from '../errors';
import { EXPORT_AT_ONCE_MAX_GIFTS } from '../model/account-export-request';
import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { PasswordHasher } from '../ports/password-hasher';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { cancelAccountDeletion, scheduleAccountDeletion } from './account-deletion';
import { collectAccountExport, countAccountGifts } from './account-export';
import { changePassword } from './change-password';
import { checkPasswordResetLink } from './check-password-reset-link';
import { confirmEmailChange } from './confirm-email-change';
import { downloadExport, requestAccountExport } from './export-in-background';
import { logIn } from './log-in';
import { registerUser } from './register-user';
import { requestEmailChange } from './request-email-change';
import { requestPasswordReset, type ResetMailPace } from './request-password-reset';
import { resetPassword } from './reset-password';
import { updateProfile } from './update-profile';

export interface AccountDependencies {
  repositories: Repositories & UnitOfWork;
  hasher: PasswordHasher;
  /** A real hash of a random password, verified when the username is unknown (equal timing). */
  decoyHash: string;
  tokens: SecretTokens;
  clock: Clock;
  /** The site's own address, for the links in the account's e-mails. */
  appUrl: string;
  supportEmail: string;
}

/**
 * The accounts' use cases, built once (ADR 26): signing up and in, the forgotten password, and what
 * the holder does with their own account. Those take the signed-in user first; signing up, in and
 * the forgotten password need no account, and the pace of reset e-mails belongs to the request.
 */
export function createAccountService(dependencies: AccountDependencies) {
  const { repositories, hasher, decoyHash, tokens, clock, appUrl, supportEmail } = dependencies;
  const ports = { ...repositories, unitOfWork: repositories, hasher, tokens, clock, appUrl, supportEmail };
  const exports = { accountExports: repositories.accountExports, tokens, clock };
  return {
    register: (input: unknown) => registerUser(input, { users: repositories.users, hasher }),
    logIn: (input: unknown) => logIn(input, { users: repositories.users, hasher, decoyHash }),
    requestPasswordReset: (input: unknown, resetMailPace: ResetMailPace) => requestPasswordReset(input, { ...ports, resetMailPace }),
    checkPasswordResetLink: (input: unknown) => checkPasswordResetLink(input, ports),
    resetPassword: (input: unknown) => resetPassword(input, ports),
    updateProfile: (actor: User, input: unknown) => updateProfile(actor, input, ports),
    changePassword: (actor: User, input: unknown) => changePassword(actor, input, ports),
    requestEmailChange: (actor: User, input: unknown) => requestEmailChange(actor, input, ports),
    confirmEmailChange: (actor: User, input: unknown) => confirmEmailChange(actor, input, ports),
    /** Everything the account holds, at once; refused when it holds too many gifts for that. */
    exportAtOnce: async (actor: User) => {
      if ((await countAccountGifts(actor, repositories)) > EXPORT_AT_ONCE_MAX_GIFTS) {
        throw new DomainError(
          'export.too_large',
          `Your account holds more than ${EXPORT_AT_ONCE_MAX_GIFTS.toLocaleString('en-US')} gifts, too many to download at once: ask for the export by e-mail on your account page.`,
        );
      }
      return collectAccountExport(actor, { ...repositories, clock });
    },
    listExports: async (actor: User) => {
      const [giftCount, requests] = await Promise.all([
        countAccountGifts(actor, repositories),
        repositories.accountExports.listByUser(actor.id),
      ]);
      return { giftCount, requests };
    },
    requestExport: (actor: User, input: unknown) => requestAccountExport(actor, input, exports),
    downloadExport: (actor: User, input: unknown) => downloadExport(actor, input, exports),
    scheduleDeletion: (actor: User, input: unknown) => scheduleAccountDeletion(actor, input, ports),
    /** Answers whether a deletion was scheduled; signing in calls it too. */
    cancelDeletion: (actor: User) => cancelAccountDeletion(actor, ports),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
