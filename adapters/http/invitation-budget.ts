import type { InvitationMailBudget } from '@core/invitation/invitation-budget';
import { countPoints, uncountPoints, type AttemptLimits, type Counter } from './attempt-limiter';

const WHAT = 'invitation e-mails today';

/** The day's invitation e-mails of one registry and of the signed-in account sending them (rate-limit-policies.ts says how many). */
export function invitationBudget(limits: AttemptLimits, accountId: string): InvitationMailBudget {
  const counters = (registryId: string): Counter[] => [
    [limits.invitationsPerRegistry, registryId],
    [limits.invitationsPerAccount, accountId],
  ];
  return {
    async take(registryId, count) {
      if (count <= 0) return;
      const taken: Counter[] = [];
      for (const counter of counters(registryId)) {
        try {
          await countPoints(counter, count, WHAT);
          taken.push(counter);
        } catch (error) {
          // A refused count still added its points: all of them go back, so a smaller batch may pass.
          for (const counted of [...taken, counter]) await uncountPoints(counted, count);
          throw error;
        }
      }
    },
    async giveBack(registryId, count) {
      for (const counter of counters(registryId)) await uncountPoints(counter, count);
    },
  };
}
