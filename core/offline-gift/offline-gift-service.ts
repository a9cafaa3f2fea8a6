import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { Repositories } from '../ports/repositories';
import { deleteOfflineGift, updateOfflineGift } from './change-offline-gift';
import { recordOfflineGift } from './record-offline-gift';

export interface OfflineGiftDependencies {
  repositories: Repositories;
  clock: Clock;
}

/** The gifts given by hand, built once (ADR 26): each call takes the acting user. */
export function createOfflineGiftService(dependencies: OfflineGiftDependencies) {
  const ports = { ...dependencies.repositories, clock: dependencies.clock };
  return {
    record: (actor: User | null, registryId: string, input: unknown) => recordOfflineGift(actor, registryId, input, ports),
    update: (actor: User | null, id: string, input: unknown) => updateOfflineGift(actor, id, input, ports),
    delete: (actor: User | null, id: string) => deleteOfflineGift(actor, id, ports),
  };
}

export type OfflineGiftService = ReturnType<typeof createOfflineGiftService>;
