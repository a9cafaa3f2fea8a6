import type { User } from '../model/user';
import { celebration, greeting, layout } from '../mail/email-layout';
import { PRODUCT } from '../product-name';
import { escapeHtml } from '../html';
import type { Clock } from '../ports/clock';
import type { MailMessage } from '../ports/mailer';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Registry } from '../model/registry';
import { contributorsOf } from './list-contributors';
import { pageUrl, paths } from '../page-paths';

/** How long after the celebration the owner hears about gifts still without a card. */
export const REMINDER_DELAY_MS = 7 * 24 * 60 * 60 * 1000;
/** Registries looked at per run; a backlog (after an outage, say) goes over the next hourly runs. */
const REMINDERS_PER_RUN = 200;

export function thankYouPageUrl(appUrl: string, registryId: string): string {
  return pageUrl(appUrl, paths.thankYouCards(registryId));
}

/** The owner's one reminder: how many gifts still have no card, and the page that sends them all at once. */
export function unthankedGiftsReminder(
  registry: Registry,
  owner: User,
  unthanked: number,
  pageUrl: string,
  supportEmail: string,
): MailMessage {
  const gifts = unthanked === 1 ? '1 gift still has' : `${unthanked} gifts still have`;
  const hello = greeting(owner);
  const lines = [
    `It has been a week since ${celebration(registry)}. ${gifts} no thank-you card.`,
    'You can write one message and send it to every giver at once, with each giver’s name filled in, or write each card yourself.',
  ];
  const link = 'Open your thank-you cards:';
  const footer = `This is the only reminder ${PRODUCT} sends about these cards. Questions? Reply to this e-mail and our support team will answer.`;
  return {
    to: owner.email,
    kind: 'thank-you-reminder',
    replyTo: supportEmail,
    subject: `${celebration(registry)}: ${gifts} no thank-you card`,
    text: [hello, '', ...lines.flatMap((line) => [line, '']), `${link} ${pageUrl}`, '', footer].join('\n'),
    html: layout(
      'Thank-you cards to send',
      [['Gifts without a card', String(unthanked)]],
      [
        ...[hello, ...lines].map(escapeHtml),
        `${escapeHtml(link)} <a href="${escapeHtml(pageUrl)}" style="color:#1e3a8a">${escapeHtml(pageUrl)}</a>`,
      ],
      escapeHtml(footer),
    ),
  };
}

/** Succeeded gifts of the registry whose card was not sent. */
async function unthankedCount(registry: Registry, repositories: Repositories): Promise<number> {
  return (await contributorsOf(registry, repositories)).filter(({ note }) => note?.status !== 'sent').length;
}

/**
 * A week after the celebration, the owner of a registry with gifts still without a sent card gets
 * one e-mail, once per registry, ever. Every instance may run it as often as it likes: the reminder
 * is recorded in the transaction that queues it, by a conditional insert that only one run wins,
 * and its e-mail's dedupe key names the registry. Answers how many reminders it queued.
 */
export async function remindUnthankedGifts(ports: {
  unitOfWork: UnitOfWork;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
}): Promise<number> {
  const now = ports.clock.now();
  const celebratedBy = new Date(now.getTime() - REMINDER_DELAY_MS);
  const due = await ports.unitOfWork.transaction((repositories) => repositories.thankYouReminders.listDue(celebratedBy, REMINDERS_PER_RUN));
  let queued = 0;
  for (const registryId of due) {
    const sent = await ports.unitOfWork.transaction(async (repositories) => {
      const registry = await repositories.registries.findById(registryId);
      if (!registry || registry.celebrationDate > celebratedBy) return false;
      const unthanked = await unthankedCount(registry, repositories);
      if (unthanked === 0) return false;
      const owner = await repositories.users.findById(registry.userId);
      if (!owner) return false;
      if (!(await repositories.thankYouReminders.record(registry.id, now))) return false;
      await repositories.mail.enqueue({
        ...unthankedGiftsReminder(registry, owner, unthanked, thankYouPageUrl(ports.appUrl, registry.id), ports.supportEmail),
        dedupeKey: `thank-you-reminder-${registry.id}`,
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
