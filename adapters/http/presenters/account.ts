import type { AccountExportRequestView, AccountExportsView, AccountView, EmailChanged, EmailChangeRequested } from '@api/account';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@core/account/account-deletion';
import { EXPORT_AT_ONCE_MAX_GIFTS, EXPORT_LINK_TTL_DAYS, type AccountExportRequest } from '@core/model/account-export-request';
import type { MessageAnswer } from '@api/registries';
import type { User } from '@core/model/user';

/** What the account page shows and may change: never the password, the role or payment ids. */
export function presentAccount(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    deletionScheduledFor: user.deletionDueAt?.toISOString() ?? null,
  } satisfies AccountView;
}

export function presentExportRequest(request: AccountExportRequest) {
  return {
    id: request.id,
    format: request.format,
    status: request.status,
    requestedAt: request.requestedAt.toISOString(),
    readyAt: request.readyAt?.toISOString() ?? null,
    expiresAt: request.expiresAt?.toISOString() ?? null,
  } satisfies AccountExportRequestView;
}

export function presentExports(giftCount: number, requests: readonly AccountExportRequest[]) {
  return {
    atOnce: giftCount <= EXPORT_AT_ONCE_MAX_GIFTS,
    giftCount,
    atOnceMaxGifts: EXPORT_AT_ONCE_MAX_GIFTS,
    linkDays: EXPORT_LINK_TTL_DAYS,
    graceDays: ACCOUNT_DELETION_GRACE_DAYS,
    exports: requests.map(presentExportRequest),
  } satisfies AccountExportsView;
}

/** One answer whether or not an account uses the address, so nobody can probe for accounts. */
export function presentPasswordResetRequested() {
  return {
    message: 'If an account uses that e-mail address, we have sent it a link to reset the password. The link works once, for 1 hour.',
  } satisfies MessageAnswer;
}

export function presentPasswordResetLinkUsable() {
  return { message: 'This link can set a new password.' } satisfies MessageAnswer;
}

export function presentPasswordChanged(otherSessionsEnded: boolean) {
  return {
    message: otherSessionsEnded
      ? 'Your password has been changed, and every other device was signed out.'
      : 'Your password has been changed. Every device that was signed in was signed out; sign in with your new password.',
  } satisfies MessageAnswer;
}

export function presentEmailChangeRequested(newEmail: string) {
  return {
    message: `We sent a message to ${newEmail}. Your e-mail address changes when you open the link in it (within 24 hours).`,
    pendingEmail: newEmail,
  } satisfies EmailChangeRequested;
}

export function presentEmailChanged(user: User) {
  return { message: `Your e-mail address is now ${user.email}.`, email: user.email } satisfies EmailChanged;
}
