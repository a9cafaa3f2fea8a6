import { DomainError } from '@core/errors';
import type { Charity, NewCharity } from '@core/charity/charity';
import type { CharityRepository } from '@core/ports/repositories';
import { CharityEntity, type CharityRow } from '../entities/charity-entity';
import type { EntityManagerSource } from './entity-manager-source';

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
    } as CharityRow);
    await em.persist(row).flush();
    return toCharity(row);
  }

  async findById(id: string): Promise<Charity | null> {
    const row = await this.em().findOne(CharityEntity, { id });
    return row ? toCharity(row) : null;
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

  count(): Promise<number> {
    return this.em().count(CharityEntity, {});
  }
}
