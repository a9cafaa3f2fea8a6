import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { pendingDistributions } from './charity-payouts';
import { charityPayoutsPendingNotice } from './payout-emails';
import { pageUrl, paths } from '../page-paths';

/** The day a reminder belongs to: its UTC date, the same on every instance. */
export function reminderDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The administrators' daily line about charity payouts: while any is pending, each administrator
 * is e-mailed the list once a day. Every instance may run it as often as it likes (hourly, at each
 * start): the dedupe key names the day and the administrator, so the first run of a day queues the
 * e-mails and every later one that day changes nothing. Answers how many e-mails it asked to queue
 * (0 when nothing is pending).
 */
export async function remindPendingCharityPayouts(ports: {
  unitOfWork: UnitOfWork;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
}): Promise<number> {
  const day = reminderDay(ports.clock.now());
  return ports.unitOfWork.transaction(async (repositories) => {
    const pending = await pendingDistributions(repositories);
    if (pending.length === 0) return 0;
    const admins = await repositories.users.listAdmins();
    for (const admin of admins) {
      await repositories.mail.enqueue({
        ...charityPayoutsPendingNotice(pending, admin, day, pageUrl(ports.appUrl, paths.adminCharityPayouts), ports.supportEmail),
        dedupeKey: `charity-payouts-pending-${day}-${admin.id}`,
      });
    }
    return admins.length;
  });
}
