import { answerInvitation, viewInvitation } from '../guest/guest-invitation';
import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { GuestLinkTokens } from '../ports/guest-link-tokens';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import type { InvitationMailBudget } from './invitation-budget';
import { readInvitationSettings, saveInvitationSettings } from './invitation-settings';
import { guestOwnLink } from './personal-link';
import { previewInvitation } from './preview-invitation';
import { sendInvitations } from './send-invitations';

export interface InvitationDependencies {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  linkTokens: GuestLinkTokens;
  clock: Clock;
  /** The site's own address, for the links in the invitations. */
  appUrl: string;
}

/**
 * The invitations, built once (ADR 26). The family's calls take the acting user; sending also
 * takes the day's budget of the registry and of the caller's account, which belongs to the
 * request. A guest's own link is the proof on its calls, so they take no acting user.
 */
export function createInvitationService(dependencies: InvitationDependencies) {
  const { repositories, tokens, linkTokens, clock, appUrl } = dependencies;
  const byLink = { ...repositories, tokens, clock };
  const personalLink = guestOwnLink(tokens, linkTokens, appUrl);
  return {
    view: (token: string) => viewInvitation(token, byLink),
    answer: (token: string, input: unknown) => answerInvitation(token, input, byLink),
    readSettings: (actor: User | null, registryId: string) => readInvitationSettings(actor, registryId, repositories),
    saveSettings: (actor: User | null, registryId: string, input: unknown) =>
      saveInvitationSettings(actor, registryId, input, { unitOfWork: repositories, clock }),
    preview: (actor: User | null, registryId: string, draft: unknown) =>
      previewInvitation(actor, registryId, draft, { ...repositories, clock, appUrl }),
    send: (actor: User | null, registryId: string, input: unknown, budget: InvitationMailBudget) =>
      sendInvitations(actor, registryId, input, { unitOfWork: repositories, clock, appUrl, budget, personalLink }),
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
