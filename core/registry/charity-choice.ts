import { DomainError } from '../errors';
import type { CharityRepository } from '../ports/charity-repository';
import { isUuid } from '../ids';

/**
 * 'donor-choice' (no preferred charity) lets each guest choose; a specific charity is then the only
 * one offered. The charity must be one of our active partners.
 */
export async function resolveCharityChoice(
  preferredCharityId: string | null | undefined,
  allowCharityChoice: boolean | null | undefined,
  charities: CharityRepository,
): Promise<{ preferredCharityId: string | null; allowCharityChoice: boolean }> {
  const id = preferredCharityId?.trim() ?? '';
  if (id === '') {
    if (allowCharityChoice === false) {
      throw new DomainError('validation.failed', 'Choose a charity, or let each guest choose', { preferredCharityId: 'Choose a charity' });
    }
    return { preferredCharityId: null, allowCharityChoice: true };
  }
  if (allowCharityChoice === true) {
    throw new DomainError('validation.failed', 'allowCharityChoice must be false when a charity is chosen', {
      allowCharityChoice: 'Must be false with a chosen charity',
    });
  }
  const charity = isUuid(id) ? await charities.findById(id) : null;
  if (!charity || !charity.isActive) {
    throw new DomainError('charity.invalid', 'Choose one of our partner charities', { preferredCharityId: 'Unknown charity' });
  }
  return { preferredCharityId: charity.id, allowCharityChoice: false };
}
