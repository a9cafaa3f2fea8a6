import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { RegistryRepository } from '../ports/registry-repository';
import type { UnitOfWork } from '../ports/repositories';
import { requireOwner } from '../access/registry-access';
import type { Registry } from '../model/registry';
import { refuseUnknownFields, validate } from '../validate';
import { PAYOUT_INFO_FIELDS, payoutInfoSchema } from './payout-schemas';
import { payoutDetailsOf } from './payout-details';
import { registryNotFound } from '../access/registry-not-found';

/**
 * How the family wants to be paid (owner only, while open). Only the chosen method's details are
 * kept: an address or e-mail the family moved away from is not left lying in the row. The status
 * is checked with the registry locked, so a save racing a close can never rewrite how a closed
 * registry is paid.
 */
export async function savePayoutInfo(
  actor: User | null,
  id: string,
  input: unknown,
  ports: { registries: RegistryRepository; unitOfWork: UnitOfWork },
): Promise<Registry> {
  const found = await ports.registries.findById(id);
  if (!found) throw registryNotFound();
  requireOwner(found, actor);
  refuseUnknownFields(input, PAYOUT_INFO_FIELDS);
  const valid = await validate(payoutInfoSchema, input);
  return ports.unitOfWork.transaction(async ({ registries }) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry) throw registryNotFound();
    if (registry.status !== 'open') throw new DomainError('registry.closed', 'Payout details can’t change once the registry is closed');
    return registries.update(registry.id, payoutDetailsOf(valid));
  });
}
