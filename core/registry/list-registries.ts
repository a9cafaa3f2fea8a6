import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Charity } from '../charity/charity';
import type { CharityRepository, GiftRepository, RegistryRepository } from '../ports/repositories';
import type { Registry } from './registry';
import { requireSignedIn } from './registry-access';
import type { RegistrySummary } from './registry-details';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT = 50;

async function summaries(registries: Registry[], ports: { gifts: GiftRepository; charities: CharityRepository }): Promise<RegistrySummary[]> {
  const [counts, charities] = await Promise.all([ports.gifts.countSucceeded(registries.map((r) => r.id)), ports.charities.listAll()]);
  const byId = new Map<string, Charity>(charities.map((charity) => [charity.id, charity]));
  return registries.map((registry) => ({
    registry,
    preferredCharity: registry.preferredCharityId ? (byId.get(registry.preferredCharityId) ?? null) : null,
    giftCount: counts.get(registry.id) ?? 0,
  }));
}

export async function listMyRegistries(ports: {
  user: User | null;
  registries: RegistryRepository;
  gifts: GiftRepository;
  charities: CharityRepository;
}): Promise<RegistrySummary[]> {
  const user = requireSignedIn(ports.user);
  return summaries(await ports.registries.listByOwner(user.id), ports);
}

/** Guests find a registry by part of the child's name; only open registries are found. */
export async function searchRegistries(
  query: unknown,
  ports: { registries: RegistryRepository; gifts: GiftRepository; charities: CharityRepository },
): Promise<RegistrySummary[]> {
  const text = typeof query === 'string' ? query.trim() : '';
  if (text.length < SEARCH_MIN_LENGTH) {
    throw new DomainError('validation.failed', `Search needs at least ${SEARCH_MIN_LENGTH} characters`, { q: 'Too short' });
  }
  if (text.length > SEARCH_MAX_LENGTH) {
    throw new DomainError('validation.failed', `Search can be at most ${SEARCH_MAX_LENGTH} characters`, { q: 'Too long' });
  }
  return summaries(await ports.registries.searchOpenByChildName(text, SEARCH_LIMIT), ports);
}
