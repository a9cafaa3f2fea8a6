import { DomainError } from '@core/errors';
import type { Charity, CharityDetails, NewCharity } from '@core/model/charity';
import type { CharityRepository } from '@core/ports/charity-repository';

const byName = (a: Charity, b: Charity) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);

const copy = (row: Charity): Charity => ({ ...row, details: row.details ? { ...row.details } : null });

export class InMemoryCharityRepository implements CharityRepository {
  rows = new Map<string, Charity>();

  async create(charity: NewCharity): Promise<Charity> {
    const row: Charity = {
      ...charity,
      id: crypto.randomUUID(),
      isActive: charity.isActive ?? true,
      createdAt: new Date(),
      details: charity.details ? { ...charity.details } : null,
    };
    this.rows.set(row.id, row);
    return { ...row };
  }

  async findById(id: string): Promise<Charity | null> {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }

  async listAll(): Promise<Charity[]> {
    return [...this.rows.values()].sort(byName).map(copy);
  }

  async listActive(): Promise<Charity[]> {
    return (await this.listAll()).filter((row) => row.isActive);
  }

  async setActive(id: string, isActive: boolean): Promise<Charity> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('charity.not_found', 'Charity not found');
    const updated = { ...row, isActive };
    this.rows.set(id, updated);
    return copy(updated);
  }

  async setDetails(id: string, details: CharityDetails): Promise<Charity> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('charity.not_found', 'Charity not found');
    const updated = { ...row, details: { ...details } };
    this.rows.set(id, updated);
    return copy(updated);
  }

  async count(): Promise<number> {
    return this.rows.size;
  }
}
