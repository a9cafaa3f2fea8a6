import { createInvitationService } from '@core/invitation/invitation-service';
import type { InvitationMailBudget } from '@core/invitation/invitation-budget';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { derivedGuestLinkTokens } from '../../adapters/security/derived-guest-link-tokens';
import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';
import { aNewRegistry, aNewUser } from './builders';

/** A day's budget of invitation e-mails that never runs out, for tests that are not about it. */
export const unlimitedInvitations: InvitationMailBudget = { take: async () => {}, giveBack: async () => {} };

/**
 * The invitations' use cases built as bootstrap builds them, over in-memory fakes, with an owner
 * and her registry. The guests' personal links are real ones, so a test can open one.
 */
export async function invitationWorld() {
  const repositories = createInMemoryRepositories();
  const clock = new FixedClock();
  const linkTokens = derivedGuestLinkTokens('a test secret for the guests’ personal links');
  const invitations = createInvitationService({
    repositories,
    tokens: nodeSecretTokens,
    linkTokens,
    clock,
    appUrl: 'https://gifts.example.org',
  });
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id));
  const aUser = (username: string) => repositories.users.create(aNewUser({ username, email: `${username}@example.com` }));
  return { repositories, clock, linkTokens, invitations, owner, registry, aUser };
}
