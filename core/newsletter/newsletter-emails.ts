import { layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import type { MailMessage } from '../ports/mailer';

/** Confirms a new subscription, with the link that ends it; a reply reaches support. */
export function newsletterWelcomeEmail(email: string, unsubscribeUrl: string, supportEmail: string): MailMessage {
  const lines = [
    `This address (${email}) is now subscribed to the ${PRODUCT} newsletter: news about the product and the charities it supports, a few times a year at most.`,
    'If you did not subscribe, or change your mind, one click on the link below removes the address from our list.',
  ];
  const footer = 'Questions? Reply to this e-mail and our support team will answer.';
  return {
    to: email,
    kind: 'newsletter',
    replyTo: supportEmail,
    subject: `You are subscribed to the ${PRODUCT} newsletter`,
    text: ['Hello,', '', ...lines.flatMap((line) => [line, '']), 'Unsubscribe:', unsubscribeUrl, '', footer].join('\n'),
    html: layout(
      'Thank you for subscribing',
      [],
      [
        'Hello,',
        ...lines.map(escapeHtml),
        `Unsubscribe:<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(unsubscribeUrl)}</a>`,
      ],
      escapeHtml(footer),
    ),
  };
}
