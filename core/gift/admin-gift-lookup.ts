import type { User } from '../model/user';
import { DomainError } from '../errors';
import { requireAdmin } from '../access/admin-access';
import type { Repositories } from '../ports/repositories';
import type { Registry } from '../model/registry';
import { registryNotFound } from '../access/registry-not-found';
import { isListed, type Gift } from '../model/gift';
import { payoutsOfRegistry, platformCostRefusal, refundRefusal } from './refund-refusals';

const MAX_QUERY_LENGTH = 300;

export interface AdminGiftLookup {
  registry: Registry;
  /**
   * The registry's paid and refunded gifts, newest first, each with whether it can be refunded now,
   * why not when it cannot, and whether an administrator may refund it at the platform's cost.
   */
  entries: { gift: Gift; refundable: boolean; refusal: string | null; refundableAtPlatformCost: boolean }[];
}

function refuse(message: string): never {
  throw new DomainError('validation.failed', message, { registry: message });
}

/**
 * What an administrator pastes to find a registry: its id, its short code, or a link to either
 * (/registry/{id}, /r/{code}), as a family or a giver would send it to support.
 */
export function registryReference(text: string): { id: string } | { shortCode: string } {
  const trimmed = text.trim();
  const byId = /\/registry\/([^/?#\s]+)/.exec(trimmed);
  if (byId) return { id: byId[1]! };
  const byCode = /\/r\/([^/?#\s]+)/.exec(trimmed);
  if (byCode) return { shortCode: byCode[1]!.toLowerCase() };
  return /^[0-9a-f-]{36}$/i.test(trimmed) ? { id: trimmed.toLowerCase() } : { shortCode: trimmed.toLowerCase() };
}

/** GET /api/admin/gifts?registry=…: an administrator finds a registry's gifts, to refund one. */
export async function lookUpGiftsForAdmin(
  actor: User | null,
  query: unknown,
  ports: Pick<Repositories, 'registries' | 'gifts' | 'charityPayouts' | 'disputes'>,
): Promise<AdminGiftLookup> {
  requireAdmin(actor);
  const params = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(params).filter((key) => key !== 'registry');
  if (unknown.length > 0)
    throw new DomainError('validation.failed', `Unknown parameter: ${unknown.join(', ')}`, { [unknown[0]!]: 'Unknown parameter' });
  const text = params.registry;
  if (text !== undefined && typeof text !== 'string') refuse('Give registry once');
  if (!text || text.trim() === '') refuse('Enter a registry link, id or short code');
  if (text.length > MAX_QUERY_LENGTH) refuse(`A registry link is at most ${MAX_QUERY_LENGTH} characters`);

  const reference = registryReference(text);
  const registry =
    'id' in reference ? await ports.registries.findById(reference.id) : await ports.registries.findByShortCode(reference.shortCode);
  if (!registry || !registry.isActive) throw registryNotFound();
  const gifts = (await ports.gifts.listByRegistry(registry.id)).filter(isListed);
  const payoutOf = await payoutsOfRegistry(registry, ports);
  return {
    registry,
    entries: gifts.map((gift) => {
      const refusal = refundRefusal(gift, registry, payoutOf(gift));
      return {
        gift,
        refundable: refusal === null,
        refusal,
        refundableAtPlatformCost: platformCostRefusal(gift, registry, payoutOf(gift)) === null,
      };
    }),
  };
}
