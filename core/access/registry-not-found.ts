import { DomainError } from '../errors';

/** The one answer for a registry that does not exist, was deleted, or is no registry id at all. */
export function registryNotFound(): DomainError {
  return new DomainError('registry.not_found', 'Registry not found');
}
