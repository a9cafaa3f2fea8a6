import type { User } from '../model/user';
import { displayName } from '../model/display-name';
import { celebration, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import { unlinkedText } from '../unlinked-text';
import type { MailMessage } from '../ports/mailer';
import type { Registry } from '../model/registry';
import { personSenderName } from '../mail/sender-name';

/**
 * The link to co-own a registry. A reply reaches the owner who sent it (the invitee is family
 * and may well answer "which registry?"), not support. It goes from our address to whomever the
 * owner typed, quoting the name the owner gave themselves: nothing in that name becomes a link.
 */
export function coOwnerInvitationEmail(owner: User, registry: Registry, to: string, acceptUrl: string): MailMessage {
  const inviter = unlinkedText(displayName(owner));
  const title = celebration(registry);
  const lines = [
    `${inviter} invites you to manage the ${PRODUCT} registry for ${title} together: edit the registry, see the gifts and send thank-you cards.`,
    'Open the link below, sign in or create an account (with any e-mail address), and accept. The link works once, for 7 days.',
  ];
  const footer = `If you were not expecting this, you can ignore this e-mail: nothing changes. Questions? Reply and ${inviter} will get your answer.`;
  return {
    to,
    kind: 'co-owner-invitation',
    senderName: personSenderName(owner),
    replyTo: owner.email,
    subject: `${inviter} invites you to co-own ${title} on ${PRODUCT}`,
    text: ['Hello,', '', ...lines.flatMap((line) => [line, '']), 'Accept the invitation:', acceptUrl, '', footer].join('\n'),
    html: layout(
      `Co-own ${title}`,
      [],
      [
        'Hello,',
        ...lines.map(escapeHtml),
        `Accept the invitation:<br><a href="${escapeHtml(acceptUrl)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(acceptUrl)}</a>`,
      ],
      escapeHtml(footer),
    ),
  };
}
