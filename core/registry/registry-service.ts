import type { User } from '../model/user';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { PhotoStore } from '../ports/photo-store';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { changeCurrency } from './change-currency';
import { createRegistry } from './create-registry';
import { deleteRegistry } from './delete-registry';
import { listMyRegistries, listRecentlyCreatedRegistries, searchRegistries } from './list-registries';
import { updateRegistry } from './update-registry';
import { viewRegistry, viewRegistryByShortCode } from './view-registry';

export interface RegistryDependencies {
  repositories: Repositories & UnitOfWork;
  photos: PhotoStore;
  newShortCode: () => string;
  /** Deleting and changing the currency give up a stranger's unpaid gifts first, at the provider too. */
  gateway: PaymentGateway;
  /** The site's own address and where replies go, for the e-mails a gift settled on the way sets off. */
  appUrl: string;
  supportEmail: string;
}

/**
 * The registries' use cases, built once (ADR 26). Each call takes the acting user; a search also
 * takes how many registries the caller's network may still be shown, which belongs to the request.
 */
export function createRegistryService(dependencies: RegistryDependencies) {
  const { repositories, photos, newShortCode, gateway, appUrl, supportEmail } = dependencies;
  const settling = {
    unitOfWork: repositories,
    registries: repositories.registries,
    gifts: repositories.gifts,
    gateway,
    appUrl,
    supportEmail,
  };
  return {
    create: (actor: User | null, input: unknown) => createRegistry(actor, input, { ...repositories, photos, newShortCode }),
    listMine: (actor: User | null) => listMyRegistries(actor, repositories),
    search: (query: unknown, atMost?: number) => searchRegistries(query, repositories, atMost),
    listRecent: () => listRecentlyCreatedRegistries(repositories),
    view: (actor: User | null, id: string) => viewRegistry(actor, id, repositories),
    viewByShortCode: (actor: User | null, shortCode: string) => viewRegistryByShortCode(actor, shortCode, repositories),
    update: (actor: User | null, id: string, input: unknown) => updateRegistry(actor, id, input, { ...repositories, photos }),
    changeCurrency: (actor: User | null, id: string, input: unknown) => changeCurrency(actor, id, input, settling),
    delete: (actor: User | null, id: string) => deleteRegistry(actor, id, settling),
  };
}

export type RegistryService = ReturnType<typeof createRegistryService>;
