import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import type { Charity, CharityDetails, NewCharity } from '@core/model/charity';
import type { CharityRepository } from '@core/ports/charity-repository';
import { CharityEntity, type CharityRow } from '../entities/charity-entity';
import type { EntityManagerSource } from './entity-manager-source';
import { calendarDay } from '../calendar-day';

function detailsOf(row: CharityRow): CharityDetails | null {
  if (!row.legalName || !row.taxCountry || !row.taxId || !row.address || !row.agreementDate) return null;
  return {
    legalName: row.legalName,
    country: row.taxCountry,
    taxId: row.taxId,
    address: row.address,
    agreementDate: calendarDay(row.agreementDate),
  };
}

function detailColumns(details: CharityDetails | null) {
  return {
    legalName: details?.legalName ?? null,
    taxCountry: details?.country ?? null,
    taxId: details?.taxId ?? null,
    address: details?.address ?? null,
    agreementDate: details?.agreementDate ?? null,
  };
}

function toCharity(row: CharityRow): Charity {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website ?? null,
    imageUrl: row.imageUrl ?? null,
    category: row.category,
    isActive: row.isActive,
    createdAt: row.createdAt,
    details: detailsOf(row),
  };
}

export class MikroOrmCharityRepository implements CharityRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(charity: NewCharity): Promise<Charity> {
    const em = this.em();
    const row = em.create(CharityEntity, {
      name: charity.name,
      description: charity.description,
      website: charity.website,
      imageUrl: charity.imageUrl,
      category: charity.category,
      isActive: charity.isActive ?? true,
      createdAt: new Date(),
      // Only when given: a charity made before its details are known leaves their columns to the database.
      ...(charity.details ? detailColumns(charity.details) : {}),
    } as CharityRow);
    await em.persist(row).flush();
    return toCharity(row);
  }

  /**
   * Every gift started reads its charity, inside its transaction: a fixed statement, so no query
   * is built per gift, its row mapped to properties as MikroORM maps any row.
   */
  async findById(id: string): Promise<Charity | null> {
    if (!isUuid(id)) return null;
    const em = this.em();
    const [row] = await em.execute<Record<string, unknown>[]>('select * from "charities" where "id" = ?', [id]);
    return row ? toCharity(em.getDriver().mapResult(row, em.getMetadata().get(CharityEntity)) as CharityRow) : null;
  }

  async listAll(): Promise<Charity[]> {
    const rows = await this.em().find(CharityEntity, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toCharity);
  }

  async listActive(): Promise<Charity[]> {
    const rows = await this.em().find(CharityEntity, { isActive: true }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toCharity);
  }

  async setActive(id: string, isActive: boolean): Promise<Charity> {
    const em = this.em();
    const row = await em.findOne(CharityEntity, { id });
    if (!row) throw new DomainError('charity.not_found', 'Charity not found');
    row.isActive = isActive;
    await em.flush();
    return toCharity(row);
  }

  async setDetails(id: string, details: CharityDetails): Promise<Charity> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(CharityEntity, { id }) : null;
    if (!row) throw new DomainError('charity.not_found', 'Charity not found');
    Object.assign(row, detailColumns(details));
    await em.flush();
    return toCharity(row);
  }

  count(): Promise<number> {
    return this.em().count(CharityEntity, {});
  }
}
