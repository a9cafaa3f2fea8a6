import { layout, PRODUCT } from '../email-layout';
import { escapeHtml } from '../html';
import type { MailMessage } from '../ports/mailer';
import type { User } from './user';

interface Composed {
  to: string;
  greeting: string;
  supportEmail: string;
  subject: string;
  title: string;
  lines: string[];
  link?: { text: string; url: string };
  footer: string;
}

function greetingFor(user: User): string {
  return `Hello ${user.firstName?.trim() || user.username},`;
}

/** An e-mail about the account itself; a reply reaches support, since nobody reads the sender's mailbox. */
function message({ to, greeting, supportEmail, subject, title, lines, link, footer }: Composed): MailMessage {
  const linkParagraph = link
    ? [`${escapeHtml(link.text)}<br><a href="${escapeHtml(link.url)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(link.url)}</a>`]
    : [];
  return {
    to,
    kind: 'account',
    replyTo: supportEmail,
    subject,
    text: [greeting, '', ...lines.flatMap((line) => [line, '']), ...(link ? [link.text, link.url, ''] : []), footer].join('\n'),
    html: layout(title, [], [...[greeting, ...lines].map(escapeHtml), ...linkParagraph], escapeHtml(footer)),
  };
}

const notYou = 'If you did not ask for this, you can ignore this e-mail: nothing changes. Questions? Reply and our support team will answer.';

/** The link to choose a new password; it works once, for an hour. */
export function passwordResetEmail(user: User, resetUrl: string, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    greeting: greetingFor(user),
    supportEmail,
    subject: `Reset your ${PRODUCT} password`,
    title: 'Reset your password',
    lines: [`Someone (we hope you) asked to reset the password of the ${PRODUCT} account ${user.username}.`, 'The link below works once, for 1 hour.'],
    link: { text: 'Choose a new password:', url: resetUrl },
    footer: notYou,
  });
}

/** Told after any password change, reset or not: signed-in devices other than the one used were signed out. */
export function passwordChangedEmail(user: User, supportEmail: string): MailMessage {
  return message({
    to: user.email,
    greeting: greetingFor(user),
    supportEmail,
    subject: `Your ${PRODUCT} password was changed`,
    title: 'Your password was changed',
    lines: [`The password of the ${PRODUCT} account ${user.username} was just changed, and every other device signed in to it was signed out.`],
    footer: 'If this was not you, reply to this e-mail at once and our support team will help you secure the account.',
  });
}

/** Sent to the new address: the change happens only when this link is opened. */
export function confirmEmailChangeEmail(user: User, newEmail: string, confirmUrl: string, supportEmail: string): MailMessage {
  return message({
    to: newEmail,
    greeting: greetingFor(user),
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
    greeting: 'Hello,',
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
    greeting: greetingFor(user),
    supportEmail,
    subject: `Your ${PRODUCT} e-mail address was changed`,
    title: 'Your e-mail address was changed',
    lines: [
      `The ${PRODUCT} account ${user.username} now uses ${newEmail} instead of this address. E-mails about your registries, gifts and payouts go there from now on.`,
    ],
    footer: 'If this was not you, reply to this e-mail at once and our support team will help you get the account back.',
  });
}
