import type { User } from '../model/user';
import type { UnitOfWork } from '../ports/repositories';
import { MAX_GUESTS_PER_REGISTRY, type Guest, type GuestDetails } from '../model/guest';
import { guestListRegistry } from '../access/guest-access';
import { guestDetails, guestListFull, mergedGuest } from './guest-details';
import { guestsFromCsv, type CsvLine } from './guest-csv';

export interface GuestsAdded {
  added: Guest[];
  /** Guests already on the list (the same e-mail) whose line was merged into theirs. */
  merged: Guest[];
}

interface AddPorts {
  unitOfWork: UnitOfWork;
}

/**
 * Puts guests on the registry's list in one transaction, the registry locked: a guest whose e-mail
 * is on the list already is merged into that line, the others are added, and past the cap nothing
 * is kept. The permission is checked before the guests are read, so a stranger learns nothing.
 */
async function addGuests(
  actor: User | null,
  registryId: string,
  read: () => Promise<GuestDetails[]>,
  ports: AddPorts,
): Promise<GuestsAdded> {
  return ports.unitOfWork.transaction(async ({ registries, guests }) => {
    const registry = await guestListRegistry(registryId, actor, registries, true);
    const lines = await read();
    const existing = new Map((await guests.listByRegistry(registry.id)).map((guest) => [guest.email, guest]));
    const fresh = lines.filter((line) => !existing.has(line.email));
    if (existing.size + fresh.length > MAX_GUESTS_PER_REGISTRY) throw guestListFull(MAX_GUESTS_PER_REGISTRY, existing.size + fresh.length);
    const merged: Guest[] = [];
    for (const line of lines) {
      const before = existing.get(line.email);
      if (before) merged.push(await guests.update(before.id, mergedGuest(before, line)));
    }
    const added = await guests.createMany(fresh.map((line) => ({ ...line, registryId: registry.id })));
    return { added, merged };
  });
}

/** One guest from the family's form. */
export function addGuest(actor: User | null, registryId: string, input: unknown, ports: AddPorts): Promise<GuestsAdded> {
  return addGuests(actor, registryId, async () => [await guestDetails(input)], ports);
}

/**
 * A pasted or uploaded list, all or nothing (core/guest/guest-csv.ts reads its lines). The lines
 * are split once the permission is checked, so a stranger hears only that it is not theirs.
 */
export function importGuests(
  actor: User | null,
  registryId: string,
  lines: () => readonly CsvLine[],
  ports: AddPorts,
): Promise<GuestsAdded> {
  return addGuests(actor, registryId, () => guestsFromCsv(lines()), ports);
}
