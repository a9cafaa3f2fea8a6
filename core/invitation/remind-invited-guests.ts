import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { invitationReminderEmail } from './invitation-email';
import type { PersonalLink } from './personal-link';
import { MAX_GUESTS_PER_REGISTRY } from '../model/guest';
import { DAY_MS, startOfUtcDay } from '../model/calendar-day';

/** Registries looked at per run; a backlog goes over the next runs. */
const REGISTRIES_PER_RUN = 100;
/** Guests claimed per registry and run: the list's cap, so one run reminds a whole list. */
const GUESTS_PER_REGISTRY = MAX_GUESTS_PER_REGISTRY;

/**
 * The one reminder (docs/product.md#invitations-by-e-mail): the chosen number of days before the
 * date, each guest invited before that day who has neither answered nor given, and is not
 * unsubscribed, gets one e-mail, ever. Every instance may run this as often as it likes: each
 * guest is claimed by one conditional update (reminded_at set where it was null) in the
 * transaction that queues the e-mail, and the e-mail's key names the guest. A family that turned
 * the reminder off is skipped; turning it off afterwards changes nothing sent. Answers how many
 * reminders it queued.
 */
export async function remindInvitedGuests(ports: {
  unitOfWork: UnitOfWork;
  clock: Clock;
  appUrl: string;
  personalLink: PersonalLink;
}): Promise<number> {
  const now = ports.clock.now();
  const today = startOfUtcDay(now);
  const due = await ports.unitOfWork.transaction((repositories) =>
    repositories.invitationSettings.listDueReminders(today, REGISTRIES_PER_RUN),
  );
  let queued = 0;
  for (const registryId of due) {
    queued += await ports.unitOfWork.transaction(async (repositories) => {
      const [registry, settings] = await Promise.all([
        repositories.registries.findById(registryId),
        repositories.invitationSettings.findFor(registryId),
      ]);
      if (!registry || registry.status !== 'open' || settings.reminderDays === null) return 0;
      const reminderDay = new Date(registry.celebrationDate.getTime() - settings.reminderDays * DAY_MS);
      if (reminderDay > today) return 0;
      const family = await repositories.users.findById(registry.userId);
      if (!family) return 0;
      const claimed = await repositories.guests.claimReminders(registry.id, reminderDay, now, GUESTS_PER_REGISTRY);
      for (const guest of claimed) {
        const link = await ports.personalLink(guest, registry, repositories);
        const mail = invitationReminderEmail({ registry, settings, family, guest, link, appUrl: ports.appUrl, now });
        await repositories.mail.enqueue({ ...mail, dedupeKey: `guest-reminder-${guest.id}` });
      }
      return claimed.length;
    });
  }
  return queued;
}
