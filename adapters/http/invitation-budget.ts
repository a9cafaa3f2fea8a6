import type { InvitationMailBudget } from '@core/invitation/invitation-budget';
import { countPointsOnEach, uncountPoints, type AttemptLimits, type Counter } from './attempt-limiter';

const WHAT = 'invitation e-mails today';

/** The day's invitation e-mails of one registry and of the signed-in account sending them (rate-limit-policies.ts says how many). */
export function invitationBudget(limits: AttemptLimits, accountId: string): InvitationMailBudget {
  const counters = (registryId: string): Counter[] => [
    [limits.invitationsPerRegistry, registryId],
    [limits.invitationsPerAccount, accountId],
  ];
  return {
    async take(registryId, count) {
      await countPointsOnEach(counters(registryId), count, WHAT);
    },
    async giveBack(registryId, count) {
      for (const counter of counters(registryId)) await uncountPoints(counter, count);
    },
  };
}
