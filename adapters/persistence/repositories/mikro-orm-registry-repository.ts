import { LockMode, QueryOrder, UniqueConstraintViolationException, raw } from '@mikro-orm/core';
import { DomainError } from '../../../core/errors';
import { isUuid } from '../../../core/ids';
import { centsToDecimalString, parseCents, type Cents } from '../../../core/money';
import type { NewRegistry, RegistryChanges, RegistryRepository } from '../../../core/ports/repositories';
import type { PayoutMethod, Registry, RegistryStatus } from '../../../core/registry/registry';
import { RegistryEntity, type RegistryRow } from '../entities/registry-entity';
import type { EntityManagerSource } from './entity-manager-source';

// A row just created holds undefined where the database holds null; readers see null either way.
const NULLABLE = [
  'personalMessage', 'photoUrl', 'preferredCharityId', 'payoutMethod', 'bankAccountHolder', 'bankAccountNumber',
  'bankRoutingNumber', 'bankName', 'paypalEmail', 'mailingName', 'mailingAddress', 'mailingCity', 'mailingState',
  'mailingZip', 'closedAt', 'stripePayoutId', 'payoutSentAt', 'transferFailureReason', 'transferFailureMessage',
] as const;

/** Manual payouts: the family is paid by hand (PayPal or check) once the registry closes. */
const MANUAL_METHODS: PayoutMethod[] = ['paypal', 'check'];
const CLOSED_STATUSES: RegistryStatus[] = ['closed', 'payout_sent'];

const decimalOrNull = (cents: Cents | null) => (cents === null ? null : centsToDecimalString(cents));

/** The changes as the row holds them: money in cents becomes the decimal string of its column. */
function toRowChanges(changes: RegistryChanges): Partial<RegistryRow> {
  const { payoutAmount, charityPayoutAmount, ...rest } = changes;
  return {
    ...rest,
    ...(payoutAmount === undefined ? {} : { payoutAmount: decimalOrNull(payoutAmount) }),
    ...(charityPayoutAmount === undefined ? {} : { charityPayoutAmount: decimalOrNull(charityPayoutAmount) }),
  };
}

function toRegistry(row: RegistryRow): Registry {
  const nulls = Object.fromEntries(NULLABLE.map((key) => [key, row[key] ?? null]));
  return {
    ...row,
    ...nulls,
    totalReceived: parseCents(row.totalReceived),
    payoutAmount: row.payoutAmount === null || row.payoutAmount === undefined ? null : parseCents(row.payoutAmount),
    charityPayoutAmount: row.charityPayoutAmount === null || row.charityPayoutAmount === undefined ? null : parseCents(row.charityPayoutAmount),
  };
}

/** LIKE treats %, _ and \ as patterns; a guest's search text must match them literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export class MikroOrmRegistryRepository implements RegistryRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(registry: NewRegistry): Promise<Registry> {
    const em = this.em();
    const now = new Date();
    const row = em.create(RegistryEntity, {
      ...registry,
      isActive: true,
      status: 'open',
      totalReceived: '0.00',
      mailingCountry: 'US',
      payoutStatus: 'pending',
      createdAt: now,
      updatedAt: now,
    } as RegistryRow);
    try {
      await em.persist(row).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && String(error.message).includes('short_code')) {
        throw new DomainError('registry.short_code_taken', 'That short code is taken');
      }
      throw error;
    }
    return toRegistry(row);
  }

  async findById(id: string): Promise<Registry | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(RegistryEntity, { id });
    return row ? toRegistry(row) : null;
  }

  async findByIdForUpdate(id: string): Promise<Registry | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(RegistryEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return row ? toRegistry(row) : null;
  }

  async findByShortCode(shortCode: string): Promise<Registry | null> {
    const row = await this.em().findOne(RegistryEntity, { shortCode });
    return row ? toRegistry(row) : null;
  }

  async listByOwner(userId: string): Promise<Registry[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em().find(RegistryEntity, { userId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return rows.map(toRegistry);
  }

  async searchOpenByChildName(text: string, limit: number): Promise<Registry[]> {
    const rows = await this.em().find(
      RegistryEntity,
      { status: 'open', isActive: true, childName: { $ilike: `%${likeLiteral(text)}%` } },
      { orderBy: { childName: 'asc', celebrationDate: 'asc', id: 'asc' }, limit },
    );
    return rows.map(toRegistry);
  }

  async update(id: string, changes: RegistryChanges): Promise<Registry> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(RegistryEntity, { id }) : null;
    if (!row) throw new DomainError('registry.not_found', 'Registry not found');
    em.assign(row, { ...toRowChanges(changes), updatedAt: new Date() });
    await em.flush();
    return toRegistry(row);
  }

  async addToTotalReceived(id: string, amount: Cents): Promise<void> {
    const changed = await this.em().nativeUpdate(
      RegistryEntity,
      { id },
      { totalReceived: raw('total_received + ?', [centsToDecimalString(amount)]), updatedAt: new Date() } as never,
    );
    if (changed !== 1) throw new DomainError('registry.not_found', 'Registry not found');
  }

  async listManualPayouts(): Promise<Registry[]> {
    const rows = await this.em().find(
      RegistryEntity,
      { payoutMethod: { $in: MANUAL_METHODS }, status: { $in: CLOSED_STATUSES } },
      { orderBy: { closedAt: QueryOrder.DESC_NULLS_LAST, id: 'asc' } },
    );
    return rows.map(toRegistry);
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.em().nativeDelete(RegistryEntity, { id });
  }
}

