import { greeting, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import type { MailMessage } from '../ports/mailer';
import { pageUrl, paths } from '../page-paths';
import { unlinkedHtml, unlinkedText } from '../unlinked-text';
import type { User } from '../model/user';

interface Composed {
  to: string;
  hello: string;
  supportEmail: string;
  subject: string;
  title: string;
  lines: string[];
  link?: { text: string; url: string };
  footer: string;
}

/** An e-mail about the account itself; a reply reaches support, since nobody reads the sender's mailbox. */
function message({ to, hello, supportEmail, subject, title, lines, link, footer }: Composed): MailMessage {
  const linkParagraph = link
    ? [
        `${escapeHtml(link.text)}<br><a href="${escapeHtml(link.url)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(link.url)}</a>`,
      ]
    : [];
  // The lines quote the account's username and addresses, typed by whoever signed up: in the HTML
  // part they stand apart by elements, so a username copied from it still signs in.
  return {
    to,
    kind: 'account',
    replyTo: supportEmail,
    subject,
    text: [hello, '', ...lines.flatMap((line) => [unlinkedText(line), '']), ...(link ? [link.text, link.url, ''] : []), footer].join('\n'),
    html: layout(
      title,
      [],
      [escapeHtml(hello), ...lines.map((line) => unlinkedHtml(escapeHtml(line))), ...linkParagraph],
      escapeHtml(footer),
    ),
  };
}

const notYou =
  'If you did not ask for this, you can ignore this e-mail: nothing changes. Questions? Reply and our support team will answer.';

/** The link to choose a new password; it works once, for an hour. */
export function passwordResetEmail(user: User, resetUrl: string, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Reset your ${PRODUCT} password`,
    title: 'Reset your password',
    lines: [
      `Someone (we hope you) asked to reset the password of the ${PRODUCT} account ${user.username}.`,
      'The link below works once, for 1 hour.',
    ],
    link: { text: 'Choose a new password:', url: resetUrl },
    footer: notYou,
  });
}

/** Told after any password change, reset or not: signed-in devices other than the one used were signed out. */
export function passwordChangedEmail(user: User, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} password was changed`,
    title: 'Your password was changed',
    lines: [
      `The password of the ${PRODUCT} account ${user.username} was just changed, and every other device signed in to it was signed out.`,
    ],
    footer: 'If this was not you, reply to this e-mail at once and our support team will help you secure the account.',
  });
}

/** Sent to the new address: the change happens only when this link is opened. */
export function confirmEmailChangeEmail(user: User, newEmail: string, confirmUrl: string, supportEmail: string): MailMessage {
  return message({
    to: newEmail,
    hello: greeting(user),
    supportEmail,
    subject: `Confirm your new ${PRODUCT} e-mail address`,
    title: 'Confirm your new e-mail address',
    lines: [
      `The ${PRODUCT} account ${user.username} asked to use ${newEmail} from now on. Nothing changes until you open the link below.`,
      'The link works once, for 24 hours.',
    ],
    link: { text: 'Confirm this address:', url: confirmUrl },
    footer: notYou,
  });
}

/**
 * Sent in place of the link when the new address already has an account: the asker learns nothing
 * from the answer (it is the same), and the address's owner, who alone reads this, learns why.
 */
export function emailAlreadyUsedEmail(newEmail: string, supportEmail: string): MailMessage {
  return message({
    to: newEmail,
    hello: 'Hello,',
    supportEmail,
    subject: `Your ${PRODUCT} e-mail address`,
    title: 'This address already has an account',
    lines: [
      `Someone asked to move another ${PRODUCT} account to this address. This address already has its own account, so nothing was changed.`,
      'If it was you, sign in with this address instead, or use "Forgot password?" on the sign-in page.',
    ],
    footer: notYou,
  });
}

/** Sent to the old address once the change is done, so a change its owner did not make does not go unseen. */
export function emailChangedEmail(user: User, oldEmail: string, newEmail: string, supportEmail: string): MailMessage {
  return message({
    to: oldEmail,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} e-mail address was changed`,
    title: 'Your e-mail address was changed',
    lines: [
      `The ${PRODUCT} account ${user.username} now uses ${newEmail} instead of this address. E-mails about your registries, gifts and payouts go there from now on.`,
    ],
    footer: 'If this was not you, reply to this e-mail at once and our support team will help you get the account back.',
  });
}

const longDate = (date: Date) => date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/** Sent when the holder asks to delete the account: what will go, when, and how to keep it. */
export function deletionScheduledEmail(user: User, dueAt: Date, appUrl: string, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} account will be deleted on ${longDate(dueAt)}`,
    title: 'Your account will be deleted',
    lines: [
      `You asked us to delete the ${PRODUCT} account ${user.username}. It will be deleted on ${longDate(dueAt)} (UTC): your profile, your registries' photos and messages, your guests' names, e-mails and messages, and your thank-you cards. The amounts of gifts and payouts stay in our books, without names, as the law asks us to keep them.`,
      'Changed your mind? Sign in before then and the deletion is cancelled. Until then everything works as before; you can still download your data from your account page.',
    ],
    link: { text: 'Sign in to cancel:', url: pageUrl(appUrl, paths.auth) },
    footer:
      'If you did not ask for this, sign in at once (that cancels it), change your password, and reply to this e-mail so our support team can help.',
  });
}

/** Sent when a scheduled deletion is cancelled, by signing in or from the account page. */
export function deletionCancelledEmail(user: User, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} account will not be deleted`,
    title: 'Your account will not be deleted',
    lines: [
      `The deletion of the ${PRODUCT} account ${user.username} was cancelled, because someone signed in to it or cancelled it on the account page. Nothing was deleted.`,
    ],
    footer: 'If this was not you, reply to this e-mail at once and our support team will help you secure the account.',
  });
}

/** Sent when the grace period ended but the account could not be deleted after all (money arrived meanwhile). */
export function deletionNotDoneEmail(user: User, reason: string, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} account was not deleted`,
    title: 'Your account was not deleted',
    lines: [
      `We could not delete the ${PRODUCT} account ${user.username} as you asked: ${reason}`,
      'Nothing was deleted. Once that is settled, ask again from your account page.',
    ],
    footer: 'Questions? Reply and our support team will answer.',
  });
}

/** The last e-mail to the account's address: it is deleted. */
export function accountDeletedEmail(user: User, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} account was deleted`,
    title: 'Your account was deleted',
    lines: [
      `The ${PRODUCT} account ${user.username} was deleted as you asked. Its personal data is gone; the amounts of gifts and payouts stay in our books without names.`,
      'This is the last e-mail we send to this address about the account.',
    ],
    footer: 'Thank you for celebrating with us.',
  });
}

/** The export built in the background is ready: its link works for EXPORT_LINK_TTL_DAYS, signed in to this account only. */
export function exportReadyEmail(user: User, url: string, expiresAt: Date, format: string, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} data export is ready`,
    title: 'Your data export is ready',
    lines: [
      `The export of the ${PRODUCT} account ${user.username} you asked for (${format === 'json' ? 'JSON' : 'CSV files in a zip'}) is ready.`,
      `The link below works until ${longDate(expiresAt)} (UTC), and only in a browser signed in to this account. After that the file is deleted; you can ask for a new one on your account page.`,
    ],
    link: { text: 'Download your data:', url },
    footer: notYou,
  });
}

/** The export could not be built after every try. */
export function exportFailedEmail(user: User, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    hello: greeting(user),
    supportEmail,
    subject: `Your ${PRODUCT} data export could not be made`,
    title: 'Your data export could not be made',
    lines: [
      `We tried several times and could not make the export of the ${PRODUCT} account ${user.username}. Please ask for it again on your account page, or reply to this e-mail and our support team will send it to you.`,
    ],
    footer: 'We are sorry for the trouble.',
  });
}
