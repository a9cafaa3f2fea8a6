import type { User } from '../model/user';
import type { GuestLinkTokens } from '../ports/guest-link-tokens';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { addGuest, importGuests } from './add-guests';
import type { CsvLine } from './guest-csv';
import { copyGuestLink } from './guest-link';
import { listGuests } from './list-guests';
import { matchGiftToGuest } from './match-gift-to-guest';
import { removeGuest } from './remove-guest';

export interface GuestDependencies {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  linkTokens: GuestLinkTokens;
  /** The site's public address, the start of a guest's personal link. */
  publicUrl: string;
}

/**
 * The family's guest list, built once (ADR 26). Each call takes the acting user; an imported list
 * comes as the request's own lines, read once the permission is checked.
 */
export function createGuestService(dependencies: GuestDependencies) {
  const { repositories, tokens, linkTokens, publicUrl } = dependencies;
  const adding = { unitOfWork: repositories };
  return {
    list: (actor: User | null, registryId: string, query: unknown) => listGuests(actor, registryId, query, repositories),
    add: (actor: User | null, registryId: string, input: unknown) => addGuest(actor, registryId, input, adding),
    import: (actor: User | null, registryId: string, lines: () => readonly CsvLine[]) => importGuests(actor, registryId, lines, adding),
    copyLink: (actor: User | null, registryId: string, guestId: string) =>
      copyGuestLink(actor, registryId, guestId, { ...repositories, tokens, linkTokens, publicUrl }),
    matchGift: (actor: User | null, offlineGiftId: string, input: unknown) => matchGiftToGuest(actor, offlineGiftId, input, repositories),
    remove: (actor: User | null, id: string) => removeGuest(actor, id, repositories),
  };
}

export type GuestService = ReturnType<typeof createGuestService>;
