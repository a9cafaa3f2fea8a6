import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { PhotoStore } from '../ports/photo-store';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { listContributors } from './list-contributors';
import { markThankYouNoteGiven } from './mark-note-given';
import { pageContributors } from './page-contributors';
import { saveThankYouNote } from './save-thank-you-note';
import { sendCardToAll } from './send-card-to-all';
import { sendThankYouNote } from './send-thank-you-note';
import type { TypedAddressMailBudget } from './typed-address-budget';

export interface ThankYouDependencies {
  repositories: Repositories & UnitOfWork;
  photos: PhotoStore;
  clock: Clock;
  /** The site's own address, for the links in the cards. */
  appUrl: string;
}

/**
 * The thank-you cards, built once (ADR 26). Each call takes the acting user; a card that goes to
 * an address the family typed also takes the day's budget of the caller's account and network,
 * which belongs to the request, not to what is shared.
 */
export function createThankYouService(dependencies: ThankYouDependencies) {
  const { repositories, photos, clock, appUrl } = dependencies;
  const sending = { unitOfWork: repositories, clock, appUrl };
  return {
    listContributors: (actor: User | null, registryId: string) => listContributors(actor, registryId, repositories),
    pageContributors: (actor: User | null, registryId: string, query: unknown) => pageContributors(actor, registryId, query, repositories),
    saveNote: (actor: User | null, input: unknown) => saveThankYouNote(actor, input, { ...repositories, photos }),
    sendNote: (actor: User | null, noteId: string, input: unknown, typedAddresses: TypedAddressMailBudget) =>
      sendThankYouNote(actor, noteId, input, { ...sending, typedAddresses }),
    sendCardToAll: (actor: User | null, registryId: string, input: unknown, typedAddresses: TypedAddressMailBudget) =>
      sendCardToAll(actor, registryId, input, { ...sending, photos, typedAddresses }),
    markGiven: (actor: User | null, noteId: string) => markThankYouNoteGiven(actor, noteId, { unitOfWork: repositories, clock }),
  };
}

export type ThankYouService = ReturnType<typeof createThankYouService>;
