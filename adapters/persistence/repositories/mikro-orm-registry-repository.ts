import { QueryOrder, UniqueConstraintViolationException, raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import type { Cents } from '@core/money';
import type { NewRegistry, RegistryChanges, RegistryRepository } from '@core/ports/registry-repository';
import { MANUAL_PAYOUT_METHODS, type Registry, type RegistryStatus } from '@core/model/registry';
import { RegistryEntity, type RegistryRow } from '../entities/registry-entity';
import { centsToDecimal, withCents } from '../types/cents-type';
import type { EntityManagerSource } from './entity-manager-source';
import { registryNotFound } from '@core/access/registry-not-found';
import { wordPrefixPattern } from '@core/registry/child-name-search';

// A row just created holds undefined where the database holds null; readers see null either way.
const NULLABLE = [
  'personalMessage',
  'photoUrl',
  'preferredCharityId',
  'payoutMethod',
  'bankAccountHolder',
  'bankAccountNumber',
  'bankRoutingNumber',
  'bankName',
  'paypalEmail',
  'mailingName',
  'mailingAddress',
  'mailingCity',
  'mailingState',
  'mailingZip',
  'closedAt',
  'stripePayoutId',
  'payoutSentAt',
  'transferFailureReason',
  'transferFailureMessage',
  'payoutIssueEmailedAt',
  'payoutClaimedBy',
  'payoutClaimedByUserId',
  'payoutClaimedAt',
  'payoutReference',
] as const;

/** Manual payouts: the family is paid by hand (PayPal or check) once the registry closes. */
const CLOSED_STATUSES: RegistryStatus[] = ['closed', 'payout_sent'];

function toRegistry(row: RegistryRow): Registry {
  const nulls = Object.fromEntries(NULLABLE.map((key) => [key, row[key] ?? null]));
  // When the guests' data was purged is the retention job's, not the registry's.
  const { guestDataPurgedAt: _purged, ...registry } = row;
  return {
    ...registry,
    ...nulls,
    // A row just created holds what create() gave it; one read back holds the database's array.
    coOwnerIds: row.coOwnerIds ?? [],
    // The column's default, for a row just created (none is claimed yet).
    payoutClaims: row.payoutClaims ?? 0,
    payoutAmount: row.payoutAmount ?? null,
    charityPayoutAmount: row.charityPayoutAmount ?? null,
  };
}

/**
 * Guest search (test/bench/floor-sql.ts runs the same statement). The inner query walks one range
 * of registry_name_prefixes in the answer's order (name, date, id) and stops at the limit: the
 * regular expression is checked there, on the table's copy of the name, so the planner has no
 * reason to fetch and sort every registry under a common key. The key is the database's own
 * function, the one the triggers fill the table with, so both fold letters and cut alike. The
 * outer query checks the real registry again: the table can only narrow the answer, never widen it.
 */
const SEARCH_SQL = `select r.* from (
    select "registry_id", "child_name", "celebration_date" from "registry_name_prefixes"
    where "prefix" = registry_name_search_key(?) and "child_name" ~ ?
    order by "child_name", "celebration_date", "registry_id" limit ?
  ) as p join "registries" as r on r."id" = p."registry_id"
  where r."status" = 'open' and r."is_active" and not r."unlisted" and r."child_name" ~ ?
  order by p."child_name", p."celebration_date", p."registry_id"`;

/**
 * The newest listed open registries, each its owner's newest: a registry newer than it by the same
 * owner leaves it out, so one account fills one place of the list however many it opens.
 */
const NEWEST_LISTED_SQL = `select r.* from "registries" as r
  where r."status" = 'open' and r."is_active" and not r."unlisted"
    and not exists (
      select 1 from "registries" as n
      where n."user_id" = r."user_id" and n."status" = 'open' and n."is_active" and not n."unlisted"
        and (n."created_at" > r."created_at" or (n."created_at" = r."created_at" and n."id" < r."id"))
    )
  order by r."created_at" desc, r."id" asc limit ?`;

export class MikroOrmRegistryRepository implements RegistryRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(registry: NewRegistry): Promise<Registry> {
    const em = this.em();
    const now = new Date();
    const row = em.create(RegistryEntity, {
      ...registry,
      coOwnerIds: [] as readonly string[],
      isActive: true,
      status: 'open',
      totalReceived: 0,
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

  /**
   * Rows for reading only: mapped to properties without becoming entities, so no identity map,
   * change set or entity object is made for a page view (most of an anonymous read's cost).
   */
  private async readRows(
    where: FilterQuery<RegistryRow>,
    options: { orderBy?: QueryOrderMap<RegistryRow>; limit?: number } = {},
  ): Promise<RegistryRow[]> {
    const em = this.em();
    const query = em
      .createQueryBuilder(RegistryEntity)
      .select('*')
      .where(where as never);
    if (options.orderBy) query.orderBy(options.orderBy as never);
    if (options.limit !== undefined) query.limit(options.limit);
    const meta = em.getMetadata().get(RegistryEntity);
    return ((await query.execute('all', true)) as RegistryRow[]).map((row) => withCents(row, meta));
  }

  /**
   * Every page view reads one registry by id: a fixed statement, so no query is built per request,
   * and its row mapped to properties as MikroORM maps any row (types and column names).
   */
  async findById(id: string): Promise<Registry | null> {
    return isUuid(id) ? this.readOne('select * from "registries" where "id" = ?', id) : null;
  }

  /** Every gift started locks its registry first: fixed too, like the page view's read. */
  async findByIdForUpdate(id: string): Promise<Registry | null> {
    return isUuid(id) ? this.readOne('select * from "registries" where "id" = ? for update', id) : null;
  }

  private async readOne(sql: string, id: string): Promise<Registry | null> {
    const [registry] = await this.readFixed(sql, [id]);
    return registry ?? null;
  }

  /** A fixed statement's rows mapped to registries as MikroORM maps any row (types and column names). */
  private async readFixed(sql: string, params: unknown[]): Promise<Registry[]> {
    const em = this.em();
    const rows = await em.execute<Record<string, unknown>[]>(sql, params);
    const meta = em.getMetadata().get(RegistryEntity);
    return rows.map((row) => toRegistry(withCents(em.getDriver().mapResult(row, meta) as RegistryRow, meta)));
  }

  async findByShortCode(shortCode: string): Promise<Registry | null> {
    const [row] = await this.readRows({ shortCode });
    return row ? toRegistry(row) : null;
  }

  async listByOwner(userId: string): Promise<Registry[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.readRows({ userId, isActive: true }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return rows.map(toRegistry);
  }

  async listByCoOwner(userId: string): Promise<Registry[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.readRows({ coOwnerIds: { $contains: [userId] }, isActive: true } as FilterQuery<RegistryRow>, {
      orderBy: { createdAt: 'desc', id: 'asc' },
    });
    return rows.map(toRegistry);
  }

  async addCoOwner(id: string, userId: string): Promise<boolean> {
    if (!isUuid(id) || !isUuid(userId)) return false;
    // One conditional statement: two accepts at once cannot add the same person twice.
    const changed = await this.em().execute<{ id: string }[]>(
      `update "registries" set "co_owner_ids" = array_append("co_owner_ids", ?::text), "updated_at" = now()
       where "id" = ? and "user_id" <> ? and not (?::text = any("co_owner_ids")) returning "id"`,
      [userId, id, userId, userId],
    );
    return changed.length === 1;
  }

  async removeCoOwner(id: string, userId: string): Promise<boolean> {
    if (!isUuid(id) || !isUuid(userId)) return false;
    const changed = await this.em().execute<{ id: string }[]>(
      `update "registries" set "co_owner_ids" = array_remove("co_owner_ids", ?::text), "updated_at" = now()
       where "id" = ? and ?::text = any("co_owner_ids") returning "id"`,
      [userId, id, userId],
    );
    return changed.length === 1;
  }

  /** The words' key in the word-prefix table narrows; the regular expression ((?i): any letter case) decides. */
  async searchListedByChildName(words: readonly string[], limit: number): Promise<Registry[]> {
    const pattern = `(?i)${wordPrefixPattern(words)}`;
    return this.readFixed(SEARCH_SQL, [words.join(' '), pattern, limit, pattern]);
  }

  async listNewestListed(limit: number): Promise<Registry[]> {
    return this.readFixed(NEWEST_LISTED_SQL, [limit]);
  }

  async update(id: string, changes: RegistryChanges): Promise<Registry> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(RegistryEntity, { id }) : null;
    if (!row) throw registryNotFound();
    em.assign(row, { ...changes, updatedAt: new Date() });
    await em.flush();
    return toRegistry(row);
  }

  async addToTotalReceived(id: string, amount: Cents): Promise<void> {
    const changed = await this.em().nativeUpdate(RegistryEntity, { id }, {
      totalReceived: raw('total_received + ?', [centsToDecimal(amount)]),
      updatedAt: new Date(),
    } as never);
    if (changed !== 1) throw registryNotFound();
  }

  async listManualPayouts(): Promise<Registry[]> {
    const rows = await this.readRows(
      { payoutMethod: { $in: [...MANUAL_PAYOUT_METHODS] }, status: { $in: CLOSED_STATUSES } },
      { orderBy: { closedAt: QueryOrder.DESC_NULLS_LAST, id: 'asc' } },
    );
    return rows.map(toRegistry);
  }

  async listHoldingMoney(): Promise<Registry[]> {
    const rows = await this.readRows(
      { $or: [{ status: { $ne: 'open' } }, { totalReceived: { $ne: 0 } }] },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toRegistry);
  }

  async listFailedBankPayouts(): Promise<Registry[]> {
    const rows = await this.readRows(
      // Sending too: a try whose answer never came, or that was cut off, holds its claim until it is tried again.
      { payoutMethod: 'bank', status: 'closed', payoutStatus: { $in: ['pending', 'sending'] } },
      { orderBy: { closedAt: QueryOrder.DESC_NULLS_LAST, id: 'asc' } },
    );
    return rows.map(toRegistry);
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.em().nativeDelete(RegistryEntity, { id });
  }
}
